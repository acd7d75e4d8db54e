"""The working-time account's calls, under /api/work/time_account/ (docs/timeaccount.md, docs/api.md).
Reads follow work's one visibility rule (the member, their observers, team-page owners and
admins; anyone else 404); writes are the member's workspace admins' (others 403)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.members import is_workspace_admin
from apps.accounts.models import User
from apps.core import timeutils
from apps.core.params import bool_param, int_param
from apps.timeaccount import selectors, services
from apps.timeaccount.models import TimeOffRequest, TimeOffStatus, TimeOffType, WorkPattern, WorkspaceHoliday
from apps.timeaccount.serializers import (
    TimeAccountAdjustmentSerializer,
    TimeAccountAdjustmentWriteSerializer,
    TimeAccountHolidaysSerializer,
    TimeAccountHolidayWriteSerializer,
    TimeAccountMemberSerializer,
    TimeAccountMemberWriteSerializer,
    TimeAccountPatternSerializer,
    TimeAccountPatternsSerializer,
    TimeAccountPatternWriteSerializer,
    TimeAccountRegionSerializer,
    TimeAccountRulesSerializer,
    TimeAccountSummarySerializer,
    TimeAccountTimeOffAllowanceSerializer,
    TimeAccountTimeOffCreateSerializer,
    TimeAccountTimeOffDecisionSerializer,
    TimeAccountTimeOffRequestSerializer,
    TimeAccountTimeOffTypeSerializer,
    TimeAccountTimeOffTypeUpdateSerializer,
    TimeAccountWorkspaceHolidaySerializer,
)
from apps.work.views.common import NO_SUCH_USER, USER_PARAM, subject

ADMINS_ONLY = "Only workspace admins change working-time accounts."
NO_SUCH_TYPE = "No such time-off type."
NO_SUCH_REQUEST = "No such time-off request."
MAX_LISTED = 500
YEAR_PARAM = OpenApiParameter("year", OpenApiTypes.INT, description="Defaults to the member's current year.")


def _admin(request: Request) -> None:
    if not is_workspace_admin(request.user):
        raise PermissionDenied(ADMINS_ONLY)


def _member(request: Request, user_id: int | None) -> User | None:
    """A member of the admin's workspace (None: the workspace itself)."""
    if user_id is None:
        return None
    user = User.objects.filter(pk=user_id, workspace_id=request.user.workspace_id, is_active=True).first()
    if user is None:
        raise NotFound(NO_SUCH_USER)
    return user


@extend_schema(parameters=[USER_PARAM], responses=TimeAccountSummarySerializer)
@api_view(["GET"])
def summary(request: Request) -> Response:
    """Today's worked against target, the week, the month and the balance since the start date."""
    user = subject(request)
    user = User.objects.select_related("workspace").get(pk=user.pk)
    return Response(TimeAccountSummarySerializer(selectors.summaries([user])[user.pk]).data)


@extend_schema(methods=["GET"], parameters=[USER_PARAM], responses=TimeAccountPatternsSerializer)
@extend_schema(
    methods=["POST"], request=TimeAccountPatternWriteSerializer, responses={201: TimeAccountPatternSerializer}
)
@api_view(["GET", "POST"])
def schedules(request: Request) -> Response:
    """GET: the member's own patterns and the workspace default. POST (admins): a pattern from a
    date on for a member or, without `user`, the workspace default; the same start replaces it."""
    if request.method == "GET":
        return Response(TimeAccountPatternsSerializer(selectors.patterns_of(user=subject(request))).data)
    _admin(request)
    data = TimeAccountPatternWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = data.validated_data
    pattern = services.pattern_set(
        workspace_id=request.user.workspace_id,
        user=_member(request, fields.get("user")),
        valid_from=fields["valid_from"],
        weekday_seconds=fields["weekday_seconds"],
        by=request.user,
    )
    return Response(TimeAccountPatternSerializer(pattern).data, status=status.HTTP_201_CREATED)


@extend_schema(responses={204: None})
@api_view(["DELETE"])
def schedule_detail(request: Request, pattern_id: int) -> Response:
    pattern = get_object_or_404(WorkPattern, pk=pattern_id, workspace_id=request.user.workspace_id)
    _admin(request)
    services.pattern_delete(pattern=pattern)
    return Response(status=status.HTTP_204_NO_CONTENT)


def _region(region) -> dict | None:
    return {"country": region.country, "subdivision": region.subdivision} if region else None


@extend_schema(methods=["GET"], parameters=[USER_PARAM, YEAR_PARAM], responses=TimeAccountHolidaysSerializer)
@extend_schema(
    methods=["POST"],
    request=TimeAccountHolidayWriteSerializer,
    responses={201: TimeAccountWorkspaceHolidaySerializer},
)
@api_view(["GET", "POST"])
def holidays(request: Request) -> Response:
    """GET: the member's holidays of a year (public ones of their region, the workspace's changes).
    POST (admins): add a workspace day off, or (`removed`) make a public holiday a normal day."""
    if request.method == "POST":
        _admin(request)
        data = TimeAccountHolidayWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        holiday = services.holiday_set(workspace_id=request.user.workspace_id, **data.validated_data)
        return Response(TimeAccountWorkspaceHolidaySerializer(holiday).data, status=status.HTTP_201_CREATED)
    user = User.objects.select_related("workspace").get(pk=subject(request).pk)
    year = int_param(request, "year", minimum=timeutils.MIN_DATE.year, maximum=timeutils.MAX_DATE.year)
    year = year or timeutils.local_today(user.timezone).year
    account = selectors.accounts([user])[user.pk]
    lo, hi = timeutils.MIN_DATE.replace(year=year), timeutils.MIN_DATE.replace(year=year, month=12, day=31)
    workspace_id = user.workspace_id or 0
    body = {
        "year": year,
        "region": _region(selectors.region_of(workspace_id=workspace_id))
        or {"country": "", "subdivision": ""},
        "member_region": _region(selectors.region_of(workspace_id=workspace_id, user_id=user.pk)),
        "holidays": [{"date": d, "name": n} for d, n in account.holidays(lo, hi).items()],
        "changes": selectors.workspace_holidays(workspace_id=workspace_id).filter(date__year=year),
    }
    return Response(TimeAccountHolidaysSerializer(body).data)


@extend_schema(responses={204: None})
@api_view(["DELETE"])
def holiday_detail(request: Request, holiday_id: int) -> Response:
    holiday = get_object_or_404(WorkspaceHoliday, pk=holiday_id, workspace_id=request.user.workspace_id)
    _admin(request)
    services.holiday_delete(holiday=holiday)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(request=TimeAccountRegionSerializer, responses=TimeAccountRegionSerializer)
@api_view(["PUT"])
def holiday_region(request: Request) -> Response:
    """The workspace's country and subdivision of public holidays (admins); an empty country: none."""
    _admin(request)
    data = TimeAccountRegionSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    region = services.region_set(workspace_id=request.user.workspace_id, user=None, **data.validated_data)
    return Response(_region(region))


@extend_schema(methods=["GET"], responses=TimeAccountRulesSerializer)
@extend_schema(methods=["PUT"], request=TimeAccountRulesSerializer, responses=TimeAccountRulesSerializer)
@api_view(["GET", "PUT"])
def account_rules(request: Request) -> Response:
    """GET: the workspace's rules of the balance (every member). PUT (admins): the year-end rule
    (carry over all, cap, reset) and whether work on a holiday is flagged."""
    if request.method == "GET":
        found = selectors.rules_of(workspace_id=request.user.workspace_id or 0)
        return Response(TimeAccountRulesSerializer(found).data)
    _admin(request)
    data = TimeAccountRulesSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    saved = services.rules_set(workspace_id=request.user.workspace_id, **data.validated_data)
    return Response(TimeAccountRulesSerializer(saved).data)


@extend_schema(request=TimeAccountMemberWriteSerializer, responses=TimeAccountMemberSerializer)
@api_view(["PATCH"])
def member(request: Request, user_id: int) -> Response:
    """A member's account start date and holiday region override (admins)."""
    user = _member(request, user_id)
    _admin(request)
    data = TimeAccountMemberWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = data.validated_data
    if "start_date" in fields:
        services.start_set(user=user, start_date=fields["start_date"])
    if "region" in fields:
        services.region_set(workspace_id=user.workspace_id, user=user, **fields["region"])
    account = selectors.accounts([User.objects.select_related("workspace").get(pk=user.pk)])[user.pk]
    return Response(
        {
            "user": user.pk,
            "start_date": account.start,
            "member_region": _region(selectors.region_of(workspace_id=user.workspace_id, user_id=user.pk)),
        }
    )


@extend_schema(methods=["GET"], parameters=[USER_PARAM], responses=TimeAccountAdjustmentSerializer(many=True))
@extend_schema(
    methods=["POST"],
    request=TimeAccountAdjustmentWriteSerializer,
    responses={201: TimeAccountAdjustmentSerializer},
)
@api_view(["GET", "POST"])
def adjustments(request: Request) -> Response:
    """GET: the member's adjustments, newest first. POST (admins): paid out, time in lieu or an
    opening balance, in signed seconds, with a reason (also written to the change log)."""
    if request.method == "GET":
        return Response(
            TimeAccountAdjustmentSerializer(selectors.adjustments_of(user=subject(request)), many=True).data
        )
    _admin(request)
    data = TimeAccountAdjustmentWriteSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    fields = dict(data.validated_data)
    user = _member(request, fields.pop("user"))
    adjustment = services.adjustment_add(user=user, by=request.user, **fields)
    return Response(TimeAccountAdjustmentSerializer(adjustment).data, status=status.HTTP_201_CREATED)


# --- time off ----------------------------------------------------------------------------------
@extend_schema(methods=["GET"], responses=TimeAccountTimeOffTypeSerializer(many=True))
@extend_schema(
    methods=["POST"],
    request=TimeAccountTimeOffTypeSerializer,
    responses={201: TimeAccountTimeOffTypeSerializer},
)
@api_view(["GET", "POST"])
def time_off_types(request: Request) -> Response:
    """GET: the workspace's time-off types (every member). POST (admins): a new type."""
    if request.method == "GET":
        kinds = TimeOffType.objects.filter(workspace_id=request.user.workspace_id or 0)
        return Response(TimeAccountTimeOffTypeSerializer(kinds, many=True).data)
    _admin(request)
    data = TimeAccountTimeOffTypeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    kind = services.time_off_type_set(
        workspace_id=request.user.workspace_id, kind=None, data=data.validated_data
    )
    return Response(TimeAccountTimeOffTypeSerializer(kind).data, status=status.HTTP_201_CREATED)


@extend_schema(request=TimeAccountTimeOffTypeUpdateSerializer, responses=TimeAccountTimeOffTypeSerializer)
@api_view(["PATCH"])
def time_off_type_detail(request: Request, type_id: int) -> Response:
    kind = get_object_or_404(TimeOffType, pk=type_id, workspace_id=request.user.workspace_id)
    _admin(request)
    data = TimeAccountTimeOffTypeUpdateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    kind = services.time_off_type_set(workspace_id=kind.workspace_id, kind=kind, data=data.validated_data)
    return Response(TimeAccountTimeOffTypeSerializer(kind).data)


TO_DECIDE_PARAM = OpenApiParameter(
    "to_decide",
    OpenApiTypes.BOOL,
    description="true: the pending requests you may decide (admins, team-page owners).",
)


@extend_schema(
    methods=["GET"],
    parameters=[USER_PARAM, TO_DECIDE_PARAM],
    responses=TimeAccountTimeOffRequestSerializer(many=True),
)
@extend_schema(
    methods=["POST"],
    request=TimeAccountTimeOffCreateSerializer,
    responses={201: TimeAccountTimeOffRequestSerializer},
)
@api_view(["GET", "POST"])
def time_off(request: Request) -> Response:
    """GET: a member's requests (newest first; ?to_decide=true: the pending ones you decide).
    POST: ask for your own time off (whole days, or a half day), pending until decided."""
    if request.method == "POST":
        data = TimeAccountTimeOffCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        kind = TimeOffType.objects.filter(
            pk=fields["type"], workspace_id=request.user.workspace_id or 0, archived=False
        ).first()
        if kind is None:
            raise NotFound(NO_SUCH_TYPE)
        made = services.time_off_request(
            user=request.user,
            kind=kind,
            start_date=fields["start_date"],
            end_date=fields["end_date"],
            half_day=fields["half_day"],
            note=fields["note"],
        )
        return Response(TimeAccountTimeOffRequestSerializer(made).data, status=status.HTTP_201_CREATED)
    user = subject(request)  # checked even when `to_decide` leaves it unused
    if bool_param(request, "to_decide"):
        rows = selectors.decidable_requests(approver=request.user).filter(status=TimeOffStatus.PENDING)
        rows = rows.order_by("start_date", "id")[:MAX_LISTED]
    else:
        rows = selectors.time_off_of(user=user)[:MAX_LISTED]
    return Response(TimeAccountTimeOffRequestSerializer(rows, many=True).data)


@extend_schema(
    request=TimeAccountTimeOffDecisionSerializer, responses=TimeAccountTimeOffRequestSerializer(many=True)
)
@api_view(["POST"])
def time_off_decide(request: Request) -> Response:
    """Approve or decline pending requests, one or many (admins; team-page owners their members').
    An id you may not decide: 404; one already decided: 400 (nothing changes)."""
    data = TimeAccountTimeOffDecisionSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    ids = set(data.validated_data["ids"])
    found = list(
        selectors.decidable_requests(approver=request.user).filter(pk__in=ids).select_for_update(of=("self",))
    )
    if len(found) != len(ids):
        raise NotFound(NO_SUCH_REQUEST)
    decided = services.time_off_decide(
        requests=found,
        approver=request.user,
        approve=data.validated_data["approve"],
        reason=data.validated_data["reason"],
    )
    return Response(TimeAccountTimeOffRequestSerializer(decided, many=True).data)


@extend_schema(request=None, responses=TimeAccountTimeOffRequestSerializer)
@api_view(["POST"])
def time_off_cancel(request: Request, request_id: int) -> Response:
    """Cancel your own pending request, or approved time off that has not started."""
    found = get_object_or_404(
        TimeOffRequest.objects.select_related("user", "type"), pk=request_id, user=request.user
    )
    return Response(TimeAccountTimeOffRequestSerializer(services.time_off_cancel(request=found)).data)


@extend_schema(
    parameters=[USER_PARAM, YEAR_PARAM], responses=TimeAccountTimeOffAllowanceSerializer(many=True)
)
@api_view(["GET"])
def time_off_allowance(request: Request) -> Response:
    """Each type's yearly allowance, the days approved time off uses and what is left."""
    user = subject(request)
    year = int_param(request, "year", minimum=timeutils.MIN_DATE.year, maximum=timeutils.MAX_DATE.year)
    year = year or timeutils.local_today(user.timezone).year
    return Response(
        TimeAccountTimeOffAllowanceSerializer(selectors.allowances(user=user, year=year), many=True).data
    )
