from django.contrib.auth import get_user_model
from django.db import connection
from django.http import JsonResponse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response


@extend_schema(responses=inline_serializer("Health", {"status": serializers.CharField()}))
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def health(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return Response({"status": "ok"})


def bench_bare(request):
    """The yardstick of bench/http: a plain Django JSON view doing one primary-key lookup.

    Routed only when settings.BENCH_VIEWS is on (never in production or the test suite); it
    answers a user id or null, nothing else about the user.
    """
    try:
        pk = int(request.GET.get("id", "1"))
    except ValueError:
        pk = 0
    # The user model through Django's registry: core imports no app above it.
    found = get_user_model().objects.filter(pk=pk).values_list("pk", flat=True).first()
    return JsonResponse({"id": found})
