"""The morning digest's page (issue 32, docs/reminders.md): `GET /api/work/digest/`."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import date_param
from apps.reports import digest
from apps.reports.digest_serializers import DigestSerializer

NO_DIGEST = "The morning digest is for observers, team-page owners and admins."


@extend_schema(
    parameters=[OpenApiParameter("date", OpenApiTypes.DATE, description="The day (default: your yesterday)")],
    responses=DigestSerializer,
    summary="The morning digest: your members' day (checkouts, notes, checks, hours), time off the day after",
)
@api_view(["GET"])
def digest_view(request: Request) -> Response:
    if not digest.reads_digest(request.user):
        raise NotFound(NO_DIGEST)
    day = date_param(request, "date", digest.yesterday(request.user))
    return Response(DigestSerializer(digest.digest(viewer=request.user, day=day)).data)
