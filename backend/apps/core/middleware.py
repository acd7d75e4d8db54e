"""The product's own Django middleware. Each one runs sync and async (Django adapts it to the
handler's mode), so under ASGI no middleware costs a thread hop (docs/architecture.md)."""

import logging
from contextvars import ContextVar

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.db.backends.signals import connection_created
from django.http import HttpRequest, JsonResponse

from apps.core import outage

NUL_IN_QUERY = "Query parameters must not contain NUL characters."
DATABASE_UNAVAILABLE = "The database is unavailable. Try again shortly."
SERVICE_BUSY = "The server is busy. Try again shortly."


class DualModeMiddleware:
    """A middleware that runs in the handler's mode: subclasses implement `before(request)` (a
    response to answer at once, or None) or override both `__call__` and `__acall__`."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def before(self, request):
        return None

    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        response = self.before(request)
        return response if response is not None else self.get_response(request)

    async def __acall__(self, request):
        response = self.before(request)
        return response if response is not None else await self.get_response(request)


class RefuseNulInQueryMiddleware(DualModeMiddleware):
    """PostgreSQL cannot store or compare text with NUL bytes: refuse them once, here, for every
    request, instead of a DataError (500) wherever a parameter reaches a query."""

    def before(self, request):
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                return JsonResponse({"detail": NUL_IN_QUERY}, status=400)
        return None


# The request being answered, for the few outputs that must be absolute URLs wherever they are
# serialized (apps.core.serializers.AbsoluteImageField), without threading it through every call.
current_request: ContextVar[HttpRequest | None] = ContextVar("current_request", default=None)


class CurrentRequestMiddleware(DualModeMiddleware):
    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        token = current_request.set(request)
        try:
            return self.get_response(request)
        finally:
            current_request.reset(token)

    async def __acall__(self, request):
        # The sync view runs in a thread with a copy of this context: it sees the request.
        token = current_request.set(request)
        try:
            return await self.get_response(request)
        finally:
            current_request.reset(token)


def service_unavailable(detail: str, **extra) -> JsonResponse:
    """A JSON 503 with Retry-After: the one shape of every "try again shortly" answer."""
    response = JsonResponse({"detail": detail, **extra}, status=503)
    response["Retry-After"] = str(settings.RETRY_AFTER_SECONDS)
    return response


# A database that cannot be reached (refused, reset, pool timeout: psycopg_pool.PoolTimeout is
# an OperationalError, and Django wraps it as its own) is the only database error answered 503.
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)


def _database_answered(sender, connection, **kwargs) -> None:
    # Django opens a connection (from the pool) for each request that uses the database: the
    # first one after an outage ends it.
    outage.database.succeeded()


connection_created.connect(_database_answered, dispatch_uid="apps.core.middleware.database_outage")


class DatabaseUnavailableMiddleware(DualModeMiddleware):
    """The one place a database outage becomes a JSON 503 with Retry-After (and two log lines per
    outage, `outage.database`, no traceback), instead of an HTML 500 per request."""

    def process_exception(self, request, exception):
        if not isinstance(exception, UNAVAILABLE_ERRORS):
            return None
        outage.database.failed(exception, f"first refused: {request.method} {request.path}")
        return service_unavailable(DATABASE_UNAVAILABLE)


class PlannedUnavailableFilter(logging.Filter):
    """Drops `django.request`'s line for a 503 (Django logs every 5xx answer): a 503 is a planned
    answer (service_unavailable), logged once per outage by whoever refused it."""

    def filter(self, record: logging.LogRecord) -> bool:
        return getattr(record, "status_code", None) != 503


class ContentSecurityPolicyMiddleware(DualModeMiddleware):
    """Every response (the SPA's page, its files, the API, the API docs) carries
    settings.CONTENT_SECURITY_POLICY: scripts only from this origin, never inline, so a script
    injected into a page could not run nor read the token the SPA keeps in localStorage."""

    def _with_policy(self, response):
        if settings.CONTENT_SECURITY_POLICY and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = settings.CONTENT_SECURITY_POLICY
        return response

    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        return self._with_policy(self.get_response(request))

    async def __acall__(self, request):
        return self._with_policy(await self.get_response(request))
