from contextvars import ContextVar

from django.http import HttpRequest, JsonResponse

NUL_IN_QUERY = "Query parameters must not contain NUL characters."


class RefuseNulInQueryMiddleware:
    """PostgreSQL cannot store or compare text with NUL bytes: refuse them once, here, for every
    request, instead of a DataError (500) wherever a parameter reaches a query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                return JsonResponse({"detail": NUL_IN_QUERY}, status=400)
        return self.get_response(request)


# The request being answered, for the few outputs that must be absolute URLs wherever they are
# serialized (apps.core.serializers.AbsoluteImageField), without threading it through every call.
current_request: ContextVar[HttpRequest | None] = ContextVar("current_request", default=None)


class CurrentRequestMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = current_request.set(request)
        try:
            return self.get_response(request)
        finally:
            current_request.reset(token)
