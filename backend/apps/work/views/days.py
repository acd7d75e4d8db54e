"""Work days, the shifts of a day, day summaries and status history. Reads are scoped by
selectors.visible_users; writes go to the caller's own rows only."""

from __future__ import annotations

import django_filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core import timeutils
from apps.core.idempotency import idempotent
from apps.core.params import MAX_ID, date_param
from apps.work import selectors
from apps.work.models import WorkDay
from apps.work.serializers import (
    StatusHistoryEntrySerializer,
    WorkDayCreateSerializer,
    WorkDaySerializer,
    WorkDayUpdateSerializer,
    WorkShiftSerializer,
    WorktimeSummarySerializer,
)
from apps.work.services import days as services
from apps.work.views.common import (
    FROM_PARAM,
    TO_PARAM,
    USER_PARAM,
    WHOLE_NUMBER,
    date_range,
    id_param,
    subject,
)

NO_WORK_DAY = "No work day yet."
ONLY_OWN_CREATE = "You can only create your own work day."


class WorkDayFilter(django_filters.FilterSet):
    user = django_filters.NumberFilter(field_name="user_id", min_value=1, max_value=MAX_ID)
    work_date = django_filters.DateFilter()

    class Meta:
        model = WorkDay
        fields = ["user", "work_date"]

    def is_valid(self) -> bool:
        """A parameter sent empty (`?work_date=`) is refused, not taken as absent (the schema's types
        say a date, a whole number)."""
        valid = super().is_valid()
        for name, message in (("work_date", timeutils.BAD_DATE), ("user", WHOLE_NUMBER)):
            if name in self.data and self.data.get(name) == "":
                self.form.add_error(name, message)
                valid = False
        return valid


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
        day = services.work_day_create(
            user=request.user,
            work_date=data.validated_data["work_date"],
            with_checkout=data.validated_data["with_checkout"],
        )
        return Response(WorkDaySerializer(day).data, status=status.HTTP_201_CREATED)

    @idempotent  # the checkout note's save (docs/offline.md)
    def partial_update(self, request: Request, pk=None) -> Response:
        day = self.get_object()
        data = WorkDayUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        day = services.work_day_update(work_day=day, actor=request.user, data=data.validated_data)
        return Response(WorkDaySerializer(day).data)

    @extend_schema(responses=WorkShiftSerializer(many=True))
    @action(detail=True, methods=["get"])
    def workshifts_summary(self, request: Request, pk=None) -> Response:
        shifts = selectors.shifts_with_records(work_day=self.get_object())
        return Response(WorkShiftSerializer(shifts, many=True).data)


@extend_schema(parameters=[USER_PARAM], responses=WorkDaySerializer)
@api_view(["GET"])
def latest_workday(request: Request) -> Response:
    day = selectors.latest_work_day(user=subject(request))
    if day is None:
        raise NotFound(NO_WORK_DAY)
    return Response(WorkDaySerializer(day).data)


@extend_schema(
    parameters=[OpenApiParameter("date", OpenApiTypes.DATE, description="Defaults to today"), USER_PARAM],
    responses=WorktimeSummarySerializer,
)
@api_view(["GET"])
def worktime_summary(request: Request) -> Response:
    user = subject(request)
    day = date_param(request, "date", timeutils.local_today(user.timezone))
    return Response(WorktimeSummarySerializer(selectors.worktime_summary(user=user, day=day)).data)


@extend_schema(
    parameters=[FROM_PARAM, TO_PARAM, OpenApiParameter("work_shift", OpenApiTypes.INT), USER_PARAM],
    responses=StatusHistoryEntrySerializer(many=True),
)
@api_view(["GET"])
def status_history(request: Request) -> Response:
    user = subject(request)
    start, end = date_range(request, user=user)
    rows = selectors.status_history(
        user=user, from_date=start, to_date=end, work_shift_id=id_param(request, "work_shift")
    )[: selectors.SEGMENT_CAP]
    return Response(StatusHistoryEntrySerializer(rows, many=True).data)
