"""Time on tasks under /api/work/ (spec 01 §7): task time, allocated time, a work day's tasks and
projects, and the task tracker (docs/api.md). Reads about another user follow work's visibility
(themselves, the users they observe, everyone for admins and team-page owners); writes are
the caller's own."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.idempotency import idempotent
from apps.projects import permissions, time_selectors
from apps.projects.serializers.task_time import (
    AllocatedTimeSerializer,
    TaskTimeChangeSerializer,
    TaskTimeSerializer,
    TrackerStartSerializer,
    TrackerStateSerializer,
    WorkDayProjectDeleteSerializer,
    WorkDayTaskTimeSerializer,
    WorkDayTaskWriteSerializer,
)
from apps.projects.services.time import day_tasks, intervals, tracker
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay
from apps.work.views.common import FROM_PARAM, TO_PARAM, USER_PARAM, date_range, id_param, subject

NO_WORK_DAY_TODAY = "Enter the office first: there is no work day today."
ONLY_YOURS = "You can only change your own task time."


def _own_work_day(request: Request, work_day_id: int | None) -> WorkDay:
    if work_day_id is None:
        day = work_selectors.current_work_day(user=request.user)
        if day is None:
            raise ValidationError({"work_day": [NO_WORK_DAY_TODAY]})
        return day
    day = WorkDay.objects.filter(user=request.user, pk=work_day_id).first()
    if day is None:
        raise Http404
    return day


def _body(request: Request):
    """DELETE bodies are not sent by every client: the same fields may come as query parameters."""
    if request.method == "DELETE" and not request.data:
        return request.query_params
    return request.data


def _only_self(request: Request, data: dict) -> None:
    if data.get("user", request.user.pk) != request.user.pk:
        raise NotFound(ONLY_YOURS)


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("project", OpenApiTypes.INT),
        OpenApiParameter("work_day", OpenApiTypes.INT),
        USER_PARAM,
    ],
    responses=TaskTimeSerializer(many=True),
    summary="Task time rows (at most 366)",
)
@extend_schema(
    methods=["POST"],
    request=TaskTimeChangeSerializer,
    responses={200: TaskTimeSerializer, 201: TaskTimeSerializer},
    summary="Add or remove time on a task (201 when the row is new)",
)
@idempotent
@api_view(["GET", "POST"])
def task_time(request: Request) -> Response:
    if request.method == "GET":
        user = subject(request)
        rows = time_selectors.task_times(
            user=user, work_day_id=id_param(request, "work_day"), project_id=id_param(request, "project")
        )[: work_selectors.LIST_CAP]
        context = {"running": time_selectors.running(user=user)}
        return Response(TaskTimeSerializer(rows, many=True, context=context).data)
    data = TaskTimeChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    task = permissions.task_for(request.user, values["task"])
    work_day = _own_work_day(request, values.get("work_day"))
    row, created = intervals.task_time_change(
        user=request.user,
        task=task,
        work_day=work_day,
        seconds=values.get("seconds"),
        all_unallocated=values["all_unallocated"],
    )
    context = {"running": time_selectors.running(user=request.user)}
    return Response(
        TaskTimeSerializer(row, context=context).data,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


@extend_schema(
    parameters=[
        OpenApiParameter("user_id", OpenApiTypes.INT, description="Defaults to you."),
        FROM_PARAM,
        TO_PARAM,
    ],
    responses=AllocatedTimeSerializer,
    summary="Allocated time by project and task over a date range",
)
@api_view(["GET"])
def allocated_time(request: Request) -> Response:
    user = work_selectors.subject_user(viewer=request.user, user_id=id_param(request, "user_id"))
    if user is None:
        raise Http404
    start, end = date_range(request, user=user)
    return Response(
        AllocatedTimeSerializer(time_selectors.allocated_time(user=user, from_date=start, to_date=end)).data
    )


@extend_schema(methods=["POST"], request=WorkDayTaskWriteSerializer, responses={201: None, 200: None})
@extend_schema(methods=["DELETE"], request=WorkDayTaskWriteSerializer, responses={204: None})
@api_view(["POST", "DELETE"])
def workday_task(request: Request) -> Response:
    data = WorkDayTaskWriteSerializer(data=_body(request))
    data.is_valid(raise_exception=True)
    _only_self(request, data.validated_data)
    task = permissions.task_for(request.user, data.validated_data["task"])
    work_day = _own_work_day(request, data.validated_data.get("work_day"))
    if request.method == "DELETE":
        day_tasks.workday_task_remove(user=request.user, task=task, work_day=work_day)
        return Response(status=status.HTTP_204_NO_CONTENT)
    created = day_tasks.workday_task_add(user=request.user, task=task, work_day=work_day)
    return Response(status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


@extend_schema(request=WorkDayProjectDeleteSerializer, responses={204: None})
@api_view(["DELETE"])
def workday_project(request: Request) -> Response:
    data = WorkDayProjectDeleteSerializer(data=_body(request))
    data.is_valid(raise_exception=True)
    _only_self(request, data.validated_data)
    work_day = _own_work_day(request, data.validated_data.get("work_day"))
    project_id = data.validated_data["project"]
    if not permissions.visible_projects(request.user).filter(pk=project_id).exists():
        raise Http404
    day_tasks.workday_project_remove(user=request.user, project_id=project_id, work_day=work_day)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    responses=WorkDayTaskTimeSerializer(many=True), summary="The tasks of a work day with their time"
)
@api_view(["GET"])
def work_day_tasks(request: Request, pk: int) -> Response:
    work_day = work_selectors.visible_work_days(viewer=request.user).filter(pk=pk).first()
    if work_day is None:
        raise Http404
    return Response(
        WorkDayTaskTimeSerializer(time_selectors.work_day_tasks(work_day=work_day), many=True).data
    )


def _state(request: Request) -> Response:
    return Response(TrackerStateSerializer(time_selectors.tracker_state(user=request.user)).data)


@extend_schema(responses=TrackerStateSerializer, summary="Your task tracker")
@api_view(["GET"])
def task_tracker(request: Request) -> Response:
    return _state(request)


@extend_schema(request=TrackerStartSerializer, responses=TrackerStateSerializer, summary="Track a task now")
@idempotent
@api_view(["POST"])
def task_tracker_start(request: Request) -> Response:
    data = TrackerStartSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    task = permissions.task_for(request.user, data.validated_data["task"])
    tracker.start(user=request.user, task=task, end_break=data.validated_data["end_break"])
    return _state(request)


@extend_schema(request=None, responses=TrackerStateSerializer, summary="Pause the tracker")
@idempotent
@api_view(["POST"])
def task_tracker_pause(request: Request) -> Response:
    tracker.pause(user=request.user)
    return _state(request)


@extend_schema(request=None, responses=TrackerStateSerializer, summary="Stop the tracker")
@idempotent
@api_view(["POST"])
def task_tracker_stop(request: Request) -> Response:
    tracker.stop(user=request.user)
    return _state(request)
