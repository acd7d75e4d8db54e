"""Invisible mode: the member's own switch (teammates then see them out of the office)."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.work.serializers import InvisibleModeSerializer, InvisibleModeStateSerializer
from apps.work.services import invisible as services


@extend_schema(request=InvisibleModeSerializer, responses={200: InvisibleModeStateSerializer})
@api_view(["POST"])
def invisible_mode(request: Request) -> Response:
    data = InvisibleModeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    user = services.invisible_mode_set(user=request.user, enabled=data.validated_data["enabled"])
    return Response(
        {"invisible_mode_yn": user.invisible_mode_yn, "allow_invisible_mode": user.allow_invisible_mode}
    )
