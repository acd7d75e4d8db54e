"""Work days, shifts of a day, summaries, history and schedules. Reads are scoped by
selectors.visible_users; writes go to the caller's own rows only."""

from __future__ import annotations

import datetime as dt

import django_filters
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.work import selectors, services_days, timeutils
from apps.work.models import WorkDay, WorkShiftSchedule
from apps.work.serializers import (
    NextCalendarScheduleSerializer,
    StatusHistoryEntrySerializer,
    WorkDayCreateSerializer,
    WorkDaySerializer,
    WorkDayUpdateSerializer,
    WorkShiftScheduleSerializer,
    WorkShiftScheduleWriteSerializer,
    WorkShiftSerializer,
    WorktimeSummarySerializer,
)

NO_SUCH_USER = "No such user."
NO_WORK_DAY = "No work day yet."
RANGE_TOO_LONG = f"Choose at most {selectors.MAX_RANGE_DAYS} days."
ONLY_OWN_CREATE = "You can only create your own work day."
WHOLE_NUMBER = "Enter a whole number."
MAX_ID = 2**63 - 1  # ids are 64-bit; larger numbers overflow the database driver


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValidationError({name: [WHOLE_NUMBER]}) from None
    if not 1 <= number <= MAX_ID:
        raise ValidationError({name: [WHOLE_NUMBER]})
    return number


def _date_param(request: Request, name: str, default: dt.date) -> dt.date:
    value = request.query_params.get(name)
    if value in (None, ""):
        return default
    try:
        return timeutils.parse_date(value)
    except ValueError as error:
        raise ValidationError({name: [str(error)]}) from None


def _range(request: Request, *, user, default_days: int = 0) -> tuple[dt.date, dt.date]:
    today = timeutils.local_today(user.timezone)
    start = _date_param(request, "from_date", today)
    end = _date_param(request, "to_date", start + dt.timedelta(days=default_days))
    if end < start:
        raise ValidationError({"to_date": ["The end date must not be before the start date."]})
    if (end - start).days >= selectors.MAX_RANGE_DAYS:
        raise ValidationError({"to_date": [RANGE_TOO_LONG]})
    return start, end


def _subject(request: Request):
    user = selectors.subject_user(viewer=request.user, user_id=_int_param(request, "user"))
    if user is None:
        raise NotFound(NO_SUCH_USER)
    return user


USER_PARAM = OpenApiParameter("user", OpenApiTypes.INT, description="Defaults to you.")
FROM_PARAM = OpenApiParameter("from_date", OpenApiTypes.DATE)
TO_PARAM = OpenApiParameter("to_date", OpenApiTypes.DATE)


class WorkDayFilter(django_filters.FilterSet):
    user = django_filters.NumberFilter(field_name="user_id", min_value=1, max_value=MAX_ID)
    work_date = django_filters.DateFilter()

    class Meta:
        model = WorkDay
        fields = ["user", "work_date"]


@extend_schema_view(
    list=extend_schema(responses=WorkDaySerializer(many=True)),
    retrieve=extend_schema(responses=WorkDaySerializer),
    create=extend_schema(request=WorkDayCreateSerializer, responses={201: WorkDaySerializer}),
    partial_update=extend_schema(request=WorkDayUpdateSerializer, responses=WorkDaySerializer),
)
class WorkDayViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = WorkDaySerializer
    lookup_value_regex = r"\d+"
    filterset_class = WorkDayFilter
    http_method_names = ["get", "post", "patch", "head", "options"]

    queryset = WorkDay.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        return selectors.visible_work_days(viewer=self.request.user)

    def list(self, request: Request) -> Response:
        days = self.filter_queryset(self.get_queryset())[: selectors.LIST_CAP]
        return Response(WorkDaySerializer(days, many=True).data)

    def create(self, request: Request) -> Response:
        data = WorkDayCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data.get("user", request.user.pk) != request.user.pk:
            raise PermissionDenied(ONLY_OWN_CREATE)
        day = services_days.work_day_create(
            user=request.user,
            work_date=data.validated_data["work_date"],
            with_checkout=data.validated_data["with_checkout"],
        )
        return Response(WorkDaySerializer(day).data, status=status.HTTP_201_CREATED)

    def partial_update(self, request: Request, pk=None) -> Response:
        day = self.get_object()
        data = WorkDayUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        day = services_days.work_day_update(work_day=day, actor=request.user, data=data.validated_data)
        return Response(WorkDaySerializer(day).data)

    @extend_schema(responses=WorkShiftSerializer(many=True))
    @action(detail=True, methods=["get"])
    def workshifts_summary(self, request: Request, pk=None) -> Response:
        shifts = selectors.shifts_with_records(work_day=self.get_object())
        return Response(WorkShiftSerializer(shifts, many=True).data)


@extend_schema(parameters=[USER_PARAM], responses=WorkDaySerializer)
@api_view(["GET"])
def latest_workday(request: Request) -> Response:
    day = selectors.latest_work_day(user=_subject(request))
    if day is None:
        raise NotFound(NO_WORK_DAY)
    return Response(WorkDaySerializer(day).data)


@extend_schema(
    parameters=[OpenApiParameter("date", OpenApiTypes.DATE, description="Defaults to today"), USER_PARAM],
    responses=WorktimeSummarySerializer,
)
@api_view(["GET"])
def worktime_summary(request: Request) -> Response:
    user = _subject(request)
    day = _date_param(request, "date", timeutils.local_today(user.timezone))
    return Response(WorktimeSummarySerializer(selectors.worktime_summary(user=user, day=day)).data)


@extend_schema(
    parameters=[FROM_PARAM, TO_PARAM, OpenApiParameter("work_shift", OpenApiTypes.INT), USER_PARAM],
    responses=StatusHistoryEntrySerializer(many=True),
)
@api_view(["GET"])
def status_history(request: Request) -> Response:
    user = _subject(request)
    start, end = _range(request, user=user)
    rows = selectors.status_history(
        user=user, from_date=start, to_date=end, work_shift_id=_int_param(request, "work_shift")
    )[: selectors.SEGMENT_CAP]
    return Response(StatusHistoryEntrySerializer(rows, many=True).data)


@extend_schema(
    parameters=[OpenApiParameter("start_date", OpenApiTypes.DATE, description="Defaults to today")],
    responses=NextCalendarScheduleSerializer,
)
@api_view(["GET"])
def next_calendar_schedule(request: Request) -> Response:
    user = request.user
    start = _date_param(request, "start_date", timeutils.local_today(user.timezone))
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
        user = _subject(request)
        start, end = _range(request, user=user, default_days=13)
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
        schedule = services_days.schedule_create(user=request.user, **data.validated_data)
        return Response(WorkShiftScheduleSerializer(schedule).data, status=status.HTTP_201_CREATED)

    def partial_update(self, request: Request, pk=None) -> Response:
        schedule = get_object_or_404(self.get_queryset(), pk=pk)
        data = WorkShiftScheduleWriteSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        schedule = services_days.schedule_update(
            schedule=schedule, actor=request.user, data=data.validated_data
        )
        return Response(WorkShiftScheduleSerializer(schedule).data)

    def destroy(self, request: Request, pk=None) -> Response:
        schedule = get_object_or_404(self.get_queryset(), pk=pk)
        services_days.schedule_delete(schedule=schedule, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
