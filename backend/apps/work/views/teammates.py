"""The teammates strip and its pins (mounted under /api/accounts/ as they always were)."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.selectors import workspace_users
from apps.work import strip
from apps.work.serializers import TeammatePinSerializer, TeammateSerializer, teammate_rows_data
from apps.work.services import teammates as services


@extend_schema(responses={200: TeammateSerializer(many=True)})
@api_view(["GET"])
def teammates(request: Request) -> Response:
    def render(rows: list[dict]) -> list[dict]:
        return teammate_rows_data(rows, request=request)

    origin = request.build_absolute_uri("/")
    # Encoded once per workspace and joined per viewer (apps/work/strip.py): not re-rendered.
    body = strip.body_for(viewer=request.user, origin=origin, render=render)
    return HttpResponse(body, content_type="application/json")


@extend_schema(methods=["POST"], request=None, responses={201: TeammatePinSerializer})
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["POST", "DELETE"])
def teammate_pin(request: Request, user_id: int) -> Response:
    teammate = get_object_or_404(workspace_users(workspace_id=request.user.workspace_id), pk=user_id)
    if request.method == "DELETE":
        services.teammate_unpin(viewer=request.user, teammate=teammate)
        return Response(status=status.HTTP_204_NO_CONTENT)
    services.teammate_pin(viewer=request.user, teammate=teammate)
    return Response({"user": teammate.pk, "pinned_yn": True}, status=status.HTTP_201_CREATED)
