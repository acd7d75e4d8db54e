import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError, connection
from django.http import JsonResponse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

HEALTH = inline_serializer(
    "Health",
    {
        "status": serializers.CharField(help_text="ok, or unavailable when a service is down"),
        "database": serializers.CharField(help_text="ok or unavailable"),
        "redis": serializers.CharField(help_text="ok, unavailable, or not configured (embedded)"),
    },
)


def _database_state() -> str:
    # The pool's short timeout bounds this (settings: DB_POOL_TIMEOUT, connect_timeout).
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except (OperationalError, InterfaceError):
        return "unavailable"
    return "ok"


def _redis_state() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_timeout=HEALTH_TIMEOUT, socket_connect_timeout=HEALTH_TIMEOUT
    )
    try:
        client.ping()
    except (redis.RedisError, OSError):
        return "unavailable"
    finally:
        client.close()
    return "ok"


HEALTH_TIMEOUT = 0.5


@extend_schema(responses={200: HEALTH, 503: HEALTH})
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def health(request):
    """200 when the database and Redis answer; 503 (with Retry-After) naming the one that does
    not, within about a second either way."""
    body = {"database": _database_state(), "redis": _redis_state()}
    healthy = all(state != "unavailable" for state in body.values())
    body["status"] = "ok" if healthy else "unavailable"
    response = Response(body, status=200 if healthy else 503)
    if not healthy:
        response["Retry-After"] = str(settings.RETRY_AFTER_SECONDS)
    return response


def bench_bare(request):
    """The yardstick of bench/http: a plain Django JSON view doing one primary-key lookup.

    Routed only when settings.BENCH_VIEWS is on (never in production or the test suite); it
    answers a user id or null, nothing else about the user. `pad=N` (at most 1,000,000) adds N
    bytes to the answer: the same view, with an answer as large as a hot read's (bench/http
    `--padded`), shows what moving that many bytes costs on its own.
    """
    try:
        pk = int(request.GET.get("id", "1"))
        pad = min(max(int(request.GET.get("pad", "0")), 0), 1_000_000)
    except ValueError:
        pk, pad = 0, 0
    # The user model through Django's registry: core imports no app above it.
    found = get_user_model().objects.filter(pk=pk).values_list("pk", flat=True).first()
    return JsonResponse({"id": found, "pad": "." * pad} if pad else {"id": found})


def not_found(request, exception=None) -> JsonResponse:
    """Django's 404 page as the API's JSON (settings' handler404): a path no route matches, such
    as an id that is not a whole number (`/api/projects/task/abc/`), answers like any API 404."""
    return JsonResponse({"detail": "Not found."}, status=404)
