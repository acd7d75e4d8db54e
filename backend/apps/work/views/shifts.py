"""Shift editing (spec 01 §4, §5, §7) and the change log (the work-time table is apps.reports').

Writes are on the caller's own shifts (another user's shift answers 404, like another
workspace's); reads follow selectors.visible_users (self, observers, admins and team-page owners).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.params import page
from apps.work.models import ChangeLog, WorkShift
from apps.work.serializers import (
    ChangeLogPageSerializer,
    ChangeLogSerializer,
    ShiftDeleteErrorSerializer,
    ShiftModificationSerializer,
    WorkShiftNotesSerializer,
    WorkShiftSerializer,
)
from apps.work.services import shifts as services
from apps.work.views.common import (
    USER_PARAM,
    date_range,
    id_param,
    subject,
)

NO_SUCH_SHIFT = "No such shift."
START_AND_END = "A new manual shift needs a start and an end time."
CHANGE_LOG_PAGE = 10


def _own_shift(request: Request, pk) -> WorkShift:
    shift = WorkShift.objects.select_related("work_day").filter(pk=pk, work_day__user=request.user).first()
    if shift is None:
        raise NotFound(NO_SUCH_SHIFT)
    return shift


class WorkShiftViewSet(viewsets.GenericViewSet):
    serializer_class = WorkShiftSerializer
    queryset = WorkShift.objects.none()
    lookup_value_regex = r"\d+"
    http_method_names = ["post", "patch", "delete", "options"]

    @extend_schema(
        request=WorkShiftNotesSerializer, responses=WorkShiftSerializer, summary="Save a shift's note"
    )
    def partial_update(self, request: Request, pk=None) -> Response:
        shift = _own_shift(request, pk)
        data = WorkShiftNotesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        shift = services.shift_notes_update(
            actor=request.user,
            shift=shift,
            notes=data.validated_data["work_shift_notes"],
            reason=data.validated_data.get("reason", ""),
        )
        return Response(WorkShiftSerializer(shift).data)

    @extend_schema(
        responses={204: None, 400: ShiftDeleteErrorSerializer},
        summary="Delete a closed shift of yours (allowAddManualShifts)",
    )
    def destroy(self, request: Request, pk=None) -> Response:
        shift = _own_shift(request, pk)
        try:
            services.shift_delete(actor=request.user, shift=shift)
        except DjangoValidationError as error:
            messages = error.message_dict.get("Error") or [str(m) for m in error.messages]
            return Response({"Error": " ".join(messages)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=ShiftModificationSerializer,
        responses={200: WorkShiftSerializer, 201: WorkShiftSerializer},
        summary="Add a manual shift (no work_shift.id) or edit a shift: times, Add Work / Add Break",
    )
    @action(detail=False, methods=["post"])
    def shift_modification(self, request: Request) -> Response:
        data = ShiftModificationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        times = data.validated_data["work_shift"]
        status_list = data.validated_data.get("status_list", [])
        reason = data.validated_data.get("change_log", {}).get("reason", "")
        if "id" not in times:
            if "start_datetime" not in times or "end_datetime" not in times:
                raise ValidationError({"work_shift": [START_AND_END]})
            shift = services.manual_shift_add(
                actor=request.user,
                start=times["start_datetime"],
                end=times["end_datetime"],
                status_list=status_list,
                notes=times.get("work_shift_notes", ""),
                reason=reason,
            )
            return Response(WorkShiftSerializer(shift).data, status=status.HTTP_201_CREATED)
        shift = _own_shift(request, times["id"])
        shift = services.shift_modify(
            actor=request.user,
            shift=shift,
            start=times.get("start_datetime"),
            end=times.get("end_datetime"),
            status_list=status_list,
            reason=reason,
        )
        if "work_shift_notes" in times:
            shift = services.shift_notes_update(
                actor=request.user, shift=shift, notes=times["work_shift_notes"], reason=reason
            )
        shift.refresh_from_db()
        return Response(WorkShiftSerializer(shift).data)


@extend_schema(
    parameters=[
        USER_PARAM,
        OpenApiParameter("from_date", OpenApiTypes.DATE, description="Work dates from (optional)"),
        OpenApiParameter("to_date", OpenApiTypes.DATE, description="Work dates to (optional)"),
        OpenApiParameter("work_shift", OpenApiTypes.INT, description="Entries of one shift"),
        OpenApiParameter("page", OpenApiTypes.INT),
    ],
    responses=ChangeLogPageSerializer,
    summary="The change log of a user's shifts and allocated time, newest first, 10 per page",
)
@api_view(["GET"])
def change_log(request: Request) -> Response:
    user = subject(request)
    rows = ChangeLog.objects.filter(user=user).select_related("modified_user")
    if "from_date" in request.query_params or "to_date" in request.query_params:
        start, end = date_range(request, user=user)
        rows = rows.filter(work_date__gte=start, work_date__lte=end)
    shift_id = id_param(request, "work_shift")
    if shift_id is not None:
        rows = rows.filter(content_type="work_shift", object_id=shift_id)
    results, count = page(rows.order_by("-changed_datetime", "-id"), request, page_size=CHANGE_LOG_PAGE)
    return Response({"results": ChangeLogSerializer(results, many=True).data, "count": count})
