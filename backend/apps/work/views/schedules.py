"""Scheduled sessions (the calendar): the caller's own writes, reads of whom they may see."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.decorators import api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core import timeutils
from apps.core.params import date_param
from apps.work import selectors
from apps.work.models import WorkShiftSchedule
from apps.work.serializers import (
    NextCalendarScheduleSerializer,
    WorkShiftScheduleSerializer,
    WorkShiftScheduleWriteSerializer,
)
from apps.work.services import schedules as services
from apps.work.views.common import FROM_PARAM, TO_PARAM, USER_PARAM, date_range, subject


@extend_schema(
    parameters=[OpenApiParameter("start_date", OpenApiTypes.DATE, description="Defaults to today")],
    responses=NextCalendarScheduleSerializer,
)
@api_view(["GET"])
def next_calendar_schedule(request: Request) -> Response:
    user = request.user
    start = date_param(request, "start_date", timeutils.local_today(user.timezone))
    return Response(
        NextCalendarScheduleSerializer(selectors.next_calendar_schedule(user=user, start_date=start)).data
    )


@extend_schema_view(
    list=extend_schema(
        parameters=[FROM_PARAM, TO_PARAM, USER_PARAM], responses=WorkShiftScheduleSerializer(many=True)
    ),
    create=extend_schema(
        request=WorkShiftScheduleWriteSerializer, responses={201: WorkShiftScheduleSerializer}
    ),
    partial_update=extend_schema(
        request=WorkShiftScheduleWriteSerializer, responses=WorkShiftScheduleSerializer
    ),
    destroy=extend_schema(responses={204: None}),
)
class WorkShiftScheduleViewSet(viewsets.GenericViewSet):
    serializer_class = WorkShiftScheduleSerializer
    lookup_value_regex = r"\d+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    queryset = WorkShiftSchedule.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        return WorkShiftSchedule.objects.filter(user__in=selectors.visible_users(viewer=self.request.user))

    def list(self, request: Request) -> Response:
        user = subject(request)
        start, end = date_range(request, user=user, default_days=13)
        rows = selectors.schedules_between(user=user, from_date=start, to_date=end)[: selectors.SEGMENT_CAP]
        return Response(WorkShiftScheduleSerializer(rows, many=True).data)

    def create(self, request: Request) -> Response:
        data = WorkShiftScheduleWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        missing = {
            f: ["This field is required."]
            for f in ("start_datetime", "end_datetime")
            if f not in data.validated_data
        }
        if missing:
            raise ValidationError(missing)
        schedule = services.schedule_create(user=request.user, **data.validated_data)
        return Response(WorkShiftScheduleSerializer(schedule).data, status=status.HTTP_201_CREATED)

    def partial_update(self, request: Request, pk=None) -> Response:
        schedule = get_object_or_404(self.get_queryset(), pk=pk)
        data = WorkShiftScheduleWriteSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        schedule = services.schedule_update(schedule=schedule, actor=request.user, data=data.validated_data)
        return Response(WorkShiftScheduleSerializer(schedule).data)

    def destroy(self, request: Request, pk=None) -> Response:
        schedule = get_object_or_404(self.get_queryset(), pk=pk)
        services.schedule_delete(schedule=schedule, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
