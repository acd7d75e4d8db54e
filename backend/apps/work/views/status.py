"""Presence of the caller: entering, breaks, leaving, the current status and its duration."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core import timeutils
from apps.core.idempotency import idempotent
from apps.work import selectors
from apps.work.models import StatusType
from apps.work.serializers import (
    CurrentStatusDurationSerializer,
    StatusChangeSerializer,
    StatusRecordSerializer,
    StatusTypeSerializer,
    status_payload,
)
from apps.work.services import status as services


@extend_schema(request=StatusChangeSerializer, responses={201: StatusRecordSerializer})
@idempotent
@api_view(["POST"])
def create_log_user_status(request: Request) -> Response:
    data = StatusChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    record = services.status_change(
        user=request.user,
        status=data.validated_data["status_enum_identifier"],
        at=data.validated_data.get("effective_at"),
    )
    return Response(StatusRecordSerializer(record).data, status=status.HTTP_201_CREATED)


@extend_schema(request=None, responses={200: StatusRecordSerializer})
@api_view(["POST"])
def leave_office(request: Request) -> Response:
    services.leave_office(user=request.user)
    return Response(status_payload(None))


@extend_schema(responses={200: StatusRecordSerializer})
@api_view(["GET"])
def current_user_status(request: Request) -> Response:
    # Settling first splits a night shift's record at midnight, so what is open started today.
    return Response(status_payload(services.settle_open_status(user=request.user)))


@extend_schema(responses={200: StatusTypeSerializer(many=True)})
@api_view(["GET"])
def work_status_types(request: Request) -> Response:
    return Response([{"id": value, "title": label} for value, label in StatusType.choices])


@extend_schema(responses={200: CurrentStatusDurationSerializer})
@api_view(["GET"])
def current_status_duration(request: Request) -> Response:
    record = services.settle_open_status(user=request.user)
    if record is None:
        body = {"status_id": StatusType.OUT_OF_OFFICE, "status_record_id": None, "duration": 0}
    else:
        body = {
            "status_id": record.status_enum_identifier,
            "status_record_id": record.pk,
            "duration": selectors.status_run_seconds(record=record, at=timeutils.now()),
        }
    return Response(CurrentStatusDurationSerializer(body).data)
