"""The calendar and tracker calls (spec 01 §7), under /api/work/ like the rest of the day."""

from __future__ import annotations

import datetime as dt

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core import secrets, timeutils
from apps.integrations import providers, selectors, services
from apps.integrations.models import SyncKind
from apps.integrations.providers.builtin import BUILTIN_TRACKER_ID
from apps.integrations.serializers import (
    CalendarScheduleRequestSerializer,
    ExternalEntrySerializer,
    IntegrationSettingsSerializer,
    SyncErrorSerializer,
    SyncTimeEntriesRequestSerializer,
    SyncTimeEntriesResultSerializer,
    TestConnectionRequestSerializer,
    TestConnectionResultSerializer,
    TimeTrackerSerializer,
)
from apps.projects import time_selectors
from apps.projects.serializers.task_time import UserTaskTimeSerializer
from apps.work import selectors as work_selectors
from apps.work.models import WorkShift
from apps.work.serializers import WorkShiftScheduleSerializer
from apps.work.views.common import FROM_PARAM, TO_PARAM, date_range, id_param

SYNC_ERRORS = {409: SyncErrorSerializer, 502: SyncErrorSerializer}


def _failure(exc: Exception) -> Response:
    if isinstance(exc, services.SyncBusy):
        return Response({"detail": services.BUSY}, status=status.HTTP_409_CONFLICT)
    return Response({"detail": exc.message}, status=status.HTTP_502_BAD_GATEWAY)


def _calendar_date(value: str, field: str) -> dt.date:
    try:
        return timeutils.parse_date(value)
    except ValueError as exc:
        raise ValidationError({field: ["Enter a date as YYYYMMDD."]}) from exc


@extend_schema(
    request=CalendarScheduleRequestSerializer,
    responses={201: WorkShiftScheduleSerializer(many=True), **SYNC_ERRORS},
    summary="Import the caller's calendar feed for the dates now (spec 01 §7)",
)
@api_view(["POST"])
def calendar_schedule(request: Request) -> Response:
    data = CalendarScheduleRequestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    start = _calendar_date(data.validated_data["start_date"], "start_date")
    end = _calendar_date(data.validated_data["end_date"], "end_date")
    try:
        rows = services.sync_calendar(user=request.user, from_date=start, to_date=end)
    except (services.SyncFailed, services.SyncBusy) as exc:
        return _failure(exc)
    return Response(WorkShiftScheduleSerializer(rows, many=True).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=SyncTimeEntriesRequestSerializer,
    responses={200: SyncTimeEntriesResultSerializer, **SYNC_ERRORS},
    summary="Copy the caller's external tracker entries for the dates now",
)
@api_view(["POST"])
def sync_time_tracked_externally_records(request: Request) -> Response:
    data = SyncTimeEntriesRequestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        result = services.sync_time_entries(user=request.user, **data.validated_data)
    except (services.SyncFailed, services.SyncBusy) as exc:
        return _failure(exc)
    return Response(SyncTimeEntriesResultSerializer(result).data)


def _tracker_row(provider) -> dict:
    return {
        "id": provider.id,
        "key": provider.key,
        "title": provider.title,
        "is_default": provider.key == providers.DEFAULT,
    }


@extend_schema(responses=TimeTrackerSerializer(many=True), summary="The time trackers this server can read")
@api_view(["GET"])
def time_tracker(request: Request) -> Response:
    return Response(
        TimeTrackerSerializer([_tracker_row(p) for p in providers.PROVIDERS.values()], many=True).data
    )


@extend_schema(
    parameters=[
        OpenApiParameter("user", OpenApiTypes.INT, description="Defaults to you."),
        OpenApiParameter("time_tracker", OpenApiTypes.INT, description="Defaults to the user's tracker."),
        OpenApiParameter("shift_id", OpenApiTypes.INT, description="Only entries inside this shift."),
        FROM_PARAM,
        TO_PARAM,
    ],
    responses=ExternalEntrySerializer(many=True),
    summary="A user's externally tracked entries (spec 01 §3), by shift or dates (at most 93 days)",
)
@api_view(["GET"])
def time_tracked_externally(request: Request) -> Response:
    user = work_selectors.subject_user(viewer=request.user, user_id=id_param(request, "user"))
    if user is None:
        raise Http404
    tracker_id = id_param(request, "time_tracker")
    shift_id = id_param(request, "shift_id")
    if shift_id is not None:
        shift = WorkShift.objects.filter(pk=shift_id, work_day__user=user).first()
        if shift is None:
            raise Http404
        lo, hi = shift.start_datetime, shift.end_datetime or timeutils.now()
    else:
        start, end = date_range(request, user=user)
        lo, hi = timeutils.day_start(start, user.timezone), timeutils.day_bounds(end, user.timezone)[1]
    provider = providers.for_config(user.external_tracker_config_json)
    if tracker_id is not None:
        if tracker_id not in providers.BY_ID:
            raise Http404
        if provider is None or provider.id != tracker_id:
            return Response([])
    if provider is None:
        return Response([])
    if provider.stored:
        rows = selectors.entries_between(user=user, provider_key=provider.key, lo=lo, hi=hi)[
            : work_selectors.SEGMENT_CAP
        ]
        return Response(ExternalEntrySerializer(rows, many=True).data)
    entries = provider.entries({}, lo=lo, hi=hi, user=user)[: work_selectors.SEGMENT_CAP]
    return Response(
        [
            {
                "start_datetime": e.start,
                "end_datetime": e.end,
                "type_enum": e.type_enum,
                "description": e.description,
            }
            for e in entries
        ]
    )


def _settings(user) -> dict:
    provider = providers.for_config(user.external_tracker_config_json)
    return {
        "external_calendar_config_json": secrets.masked_config(user.external_calendar_config_json),
        "external_tracker_config_json": secrets.masked_config(user.external_tracker_config_json),
        "time_tracker": _tracker_row(provider) if provider else None,
        "calendar": selectors.calendar_state(user=user),
        "tracker": selectors.state_payload(
            selectors.state(user=user, kind=SyncKind.TRACKER), configured=provider is not None
        ),
    }


@extend_schema(
    methods=["GET"], responses=IntegrationSettingsSerializer, summary="Your calendar and tracker settings"
)
@extend_schema(
    methods=["PATCH"],
    request=IntegrationSettingsSerializer,
    responses=IntegrationSettingsSerializer,
    summary="Set your calendar address and tracker (null removes one)",
)
@api_view(["GET", "PATCH"])
def integrations(request: Request) -> Response:
    if request.method == "PATCH":
        data = IntegrationSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        services.update_own_config(user=request.user, data=data.validated_data)
    return Response(IntegrationSettingsSerializer(_settings(request.user)).data)


@extend_schema(
    request=TestConnectionRequestSerializer,
    responses={200: TestConnectionResultSerializer, 502: SyncErrorSerializer},
    summary="Try calendar or tracker settings without saving them",
)
@api_view(["POST"])
def test_connection(request: Request) -> Response:
    data = TestConnectionRequestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    kind = data.validated_data["kind"]
    field = "external_calendar_config_json" if kind == SyncKind.CALENDAR else "external_tracker_config_json"
    # The form shows the saved secret masked: testing it as shown tests the saved one.
    config = secrets.with_stored_secrets(
        data.validated_data["config"], getattr(request.user, field), field="config"
    )
    try:
        message = services.test_connection(kind=kind, config=config)
    except services.SyncFailed as exc:
        return _failure(exc)
    return Response({"ok": True, "message": message})


@extend_schema(
    parameters=[
        FROM_PARAM,
        TO_PARAM,
        OpenApiParameter(
            "timetracker_id",
            OpenApiTypes.INT,
            description="A tracker of GET time_tracker/: task time belongs to the built-in one (1)",
        ),
    ],
    responses=UserTaskTimeSerializer(many=True),
    summary="A user's task time over a date range (at most 93 days)",
)
@api_view(["GET"])
def user_task_time(request: Request, user_id: int) -> Response:
    user = work_selectors.subject_user(viewer=request.user, user_id=user_id)
    if user is None:
        raise Http404
    start, end = date_range(request, user=user)
    tracker_id = id_param(request, "timetracker_id")
    rows = time_selectors.task_times_between(user=user, from_date=start, to_date=end)[
        : work_selectors.SEGMENT_CAP
    ]
    if tracker_id is not None and tracker_id != BUILTIN_TRACKER_ID:
        rows = []  # task time is the built-in tracker's; external entries: time_tracked_externally

    context = {"running": time_selectors.running(user=user)}
    return Response(UserTaskTimeSerializer(rows, many=True, context=context).data)
