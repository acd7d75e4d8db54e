"""The checkout's calls (docs/api.md, "Checkout"). Paths sit under /api/work/ as in the spec."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.checkout import checks, create_task, selectors, services
from apps.checkout.models import CheckoutCheck, CheckoutCheckStatus
from apps.checkout.serializers import (
    CheckConfigSerializer,
    CheckConfigUpdateSerializer,
    CheckoutCheckStatusSerializer,
    CheckoutTaskCreateSerializer,
    ChecksFailedSerializer,
    DateStatusSerializer,
    DismissAllResultSerializer,
    DismissAllSerializer,
    DismissSerializer,
    LeaveResultSerializer,
    LeaveSerializer,
    MarkedSerializer,
    NotesDraftSerializer,
    TeamWorkdaysSerializer,
    UserIdsSerializer,
    WorkdayIdsSerializer,
    WorkdaySummarySerializer,
)
from apps.core import timeutils
from apps.core.params import bool_param, date_param
from apps.projects import selectors as project_selectors
from apps.projects.serializers.tasks import TaskSerializer
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay
from apps.work.views.common import FROM_PARAM, NO_SUCH_USER, TO_PARAM, date_range, id_param

NO_FUTURE = "The checkout date cannot be in the future."
USER_IDS_HELP = "Comma-separated user ids (at most 200); users you may not read are left out."


def _reader_subject(request: Request, name: str):
    user = work_selectors.subject_user(viewer=request.user, user_id=id_param(request, name))
    if user is None:
        raise NotFound(NO_SUCH_USER)
    return user


def _readable(request: Request, ids: list[int]) -> list:
    wanted = set(ids)
    return list(selectors.readable_users(viewer=request.user).filter(pk__in=wanted).order_by("id"))


@extend_schema(
    parameters=[OpenApiParameter("work_date", OpenApiTypes.DATE, description="Defaults to the user's today")],
    responses=CheckoutCheckStatusSerializer(many=True),
)
@api_view(["GET"])
def run_workspace_checkout_checks(request: Request, user_id: int) -> Response:
    """Run the checks of the user's day and answer their statuses. The owner reruns any day; a
    reader (observer, team-page owner) gets the stored results, run once if there are none."""
    user = work_selectors.subject_user(viewer=request.user, user_id=user_id)
    if user is None:
        raise NotFound(NO_SUCH_USER)
    today = timeutils.local_today(user.timezone)
    work_date = date_param(request, "work_date", today)
    if work_date > today:
        raise ValidationError({"work_date": [NO_FUTURE]})
    day = WorkDay.objects.filter(user=user, work_date=work_date).select_related("user").first()
    if day is None:
        return Response([])
    stored = list(CheckoutCheckStatus.objects.filter(work_day=day).order_by("checkout_check"))
    if user.pk == request.user.pk or not stored:
        stored = services.run_checks(work_day=day)
    return Response(CheckoutCheckStatusSerializer(stored, many=True).data)


@extend_schema(
    parameters=[
        OpenApiParameter("user_id", OpenApiTypes.INT, description="Defaults to you."),
        OpenApiParameter("work_date", OpenApiTypes.DATE),
        FROM_PARAM,
        TO_PARAM,
        OpenApiParameter("passed_yn", OpenApiTypes.BOOL),
        OpenApiParameter("message_dismissed_yn", OpenApiTypes.BOOL),
        OpenApiParameter("checkout_check", OpenApiTypes.STR, enum=CheckoutCheck.values),
    ],
    responses=CheckoutCheckStatusSerializer(many=True),
)
@api_view(["GET"])
def checkout_check_status(request: Request) -> Response:
    user = _reader_subject(request, "user_id")
    check = request.query_params.get("checkout_check") or None
    if check is not None and check not in CheckoutCheck.values:
        raise ValidationError({"checkout_check": ["Choose one of the checks."]})
    rows = selectors.check_statuses(
        user=user,
        work_date=date_param(request, "work_date", None),
        from_date=date_param(request, "from_date", None),
        to_date=date_param(request, "to_date", None),
        passed=bool_param(request, "passed_yn"),
        dismissed=bool_param(request, "message_dismissed_yn"),
        check=check,
    )[: selectors.STATUS_CAP]
    return Response(CheckoutCheckStatusSerializer(rows, many=True).data)


@extend_schema(request=DismissSerializer, responses=CheckoutCheckStatusSerializer)
@api_view(["PATCH"])
def checkout_check_status_detail(request: Request, status_id: int) -> Response:
    readable = CheckoutCheckStatus.objects.filter(user__in=selectors.readable_users(viewer=request.user))
    row = get_object_or_404(readable, pk=status_id)
    data = DismissSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    row = services.dismiss(
        status=row, actor=request.user, dismissed=data.validated_data["message_dismissed_yn"]
    )
    return Response(CheckoutCheckStatusSerializer(row).data)


@extend_schema(request=DismissAllSerializer, responses=DismissAllResultSerializer)
@api_view(["POST"])
def dismiss_all(request: Request) -> Response:
    data = DismissAllSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    count = services.dismiss_all(actor=request.user, check=data.validated_data.get("checkout_check"))
    return Response({"dismissed": count})


@extend_schema(request=WorkdayIdsSerializer, responses={200: MarkedSerializer})
@api_view(["POST"])
def mark_checkoutstatus_read_by_ids(request: Request) -> Response:
    data = WorkdayIdsSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    days = services.mark_read(reader=request.user, work_day_ids=data.validated_data["workday_ids"])
    return Response({"workday_ids": [d.pk for d in days]})


@extend_schema(
    parameters=[FROM_PARAM, TO_PARAM],
    request=UserIdsSerializer,
    responses=WorkdaySummarySerializer(many=True),
)
@api_view(["POST"])
def workday_summary(request: Request) -> Response:
    data = UserIdsSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    start, end = date_range(request, user=request.user)
    users = _readable(request, data.validated_data["user_ids"])
    rows = selectors.workday_summaries(viewer=request.user, users=users, from_date=start, to_date=end)
    return Response(WorkdaySummarySerializer(rows, many=True).data)


def _user_ids_param(request: Request) -> list[int]:
    raw = request.query_params.get("user_ids", "")
    parts = [p for p in raw.split(",") if p.strip()]
    if len(parts) > 200 or not all(p.strip().isdigit() and 0 < int(p) < 2**63 for p in parts):
        raise ValidationError({"user_ids": [USER_IDS_HELP]})
    return [int(p) for p in parts] or [request.user.pk]


@extend_schema(
    parameters=[
        OpenApiParameter("user_ids", OpenApiTypes.STR, description=USER_IDS_HELP),
        FROM_PARAM,
        TO_PARAM,
    ],
    responses=TeamWorkdaysSerializer,
)
@api_view(["GET"])
def team_checkout_workdays(request: Request) -> Response:
    users = _readable(request, _user_ids_param(request))
    start, end = date_range(request, user=request.user)
    return Response(
        TeamWorkdaysSerializer(
            selectors.team_workdays(viewer=request.user, users=users, from_date=start, to_date=end)
        ).data
    )


@extend_schema(
    parameters=[
        OpenApiParameter("user", OpenApiTypes.INT, description="Defaults to you."),
        FROM_PARAM,
        TO_PARAM,
    ],
    responses=DateStatusSerializer(many=True),
)
@api_view(["GET"])
def checkout_date_status(request: Request) -> Response:
    """The checkout status of each day of the range that has one (newest first)."""
    user = _reader_subject(request, "user")
    start, end = date_range(request, user=user)
    days = selectors.checkout_day_statuses(users=[user], from_date=start, to_date=end)[user.pk]
    rows = [{"date": day, "status": days[day]} for day in sorted(days, reverse=True)]
    return Response(DateStatusSerializer(rows, many=True).data)


@extend_schema(
    request=LeaveSerializer,
    responses={200: LeaveResultSerializer, 409: ChecksFailedSerializer},
)
@api_view(["POST"])
def checkout_leave_office(request: Request) -> Response:
    """Leave the office through the checkout: the checks run first; with any not passed the
    answer is 409 and the user stays, unless `leave_anyway` is true."""
    data = LeaveSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        statuses = services.leave_office(user=request.user, leave_anyway=data.validated_data["leave_anyway"])
    except services.ChecksFailed as failure:
        body = {
            "detail": checks.ACTIVITY_DETAILS_MISSING,
            "failed_checks": CheckoutCheckStatusSerializer(failure.statuses, many=True).data,
        }
        return Response(body, status=status.HTTP_409_CONFLICT)
    return Response({"left_yn": True, "checks": CheckoutCheckStatusSerializer(statuses, many=True).data})


def _config_rows(workspace_id) -> list[dict]:
    return [
        {
            "checkout_check": r.check,
            "title": CheckoutCheck(r.check).label,
            "enabled_yn": r.enabled,
            "critical_yn": r.critical,
            "threshold_seconds": r.threshold_seconds,
        }
        for r in checks.rules(workspace_id=workspace_id)
    ]


@extend_schema(methods=["GET"], responses=CheckConfigSerializer(many=True))
@extend_schema(
    methods=["PATCH"], request=CheckConfigUpdateSerializer, responses=CheckConfigSerializer(many=True)
)
@api_view(["GET", "PATCH"])
def checkout_check_config(request: Request) -> Response:
    """The workspace's checkout checks: every member reads them, admins change one at a time."""
    if request.method == "PATCH":
        data = CheckConfigUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.configure_check(actor=request.user, data=data.validated_data)
    return Response(CheckConfigSerializer(_config_rows(request.user.workspace_id), many=True).data)


@extend_schema(
    request=CheckoutTaskCreateSerializer,
    responses={201: TaskSerializer},
    description=(
        "Create a task from the checkout at a position of its section (1..n+1 among the open tasks; "
        "the tasks from there on move down). Missing project, list, section or position: 400 "
        f"'{create_task.ALL_FIELDS}'; no name: 400 '{create_task.NAME_REQUIRED}'; a name of the "
        f"project (trimmed, any case): 400 '{create_task.DUPLICATE_NAME}'. A project, list or "
        "section you may not see: 404."
    ),
)
@api_view(["POST"])
def checkout_create_task(request: Request) -> Response:
    data = CheckoutTaskCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = data.validated_data
    task = create_task.create_task(
        user=request.user,
        project_id=fields.get("project"),
        task_list_id=fields.get("task_list"),
        section_id=fields.get("section"),
        position=fields.get("position"),
        title=fields.get("title", ""),
    )
    row = project_selectors.task_detail(user=request.user, task_id=task.pk)
    return Response(TaskSerializer(row, context={"request": request}).data, status=status.HTTP_201_CREATED)


@extend_schema(responses={200: NotesDraftSerializer, 404: None})
@api_view(["GET"])
def notes_draft(request: Request, pk: int) -> Response:
    """What the owner's empty checkout note can start from; only the day's owner writes its note,
    so anyone else (observers included) gets 404."""
    work_day = get_object_or_404(WorkDay.objects.select_related("user"), pk=pk, user=request.user)
    return Response(NotesDraftSerializer(selectors.notes_draft(work_day=work_day)).data)
