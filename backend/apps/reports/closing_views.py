"""Closing the week under /api/work/ (issue 28, docs/closing.md, docs/api.md): periods, approvals,
the admins' lock and reopen, corrections of closed days, the closed days of a range."""

from __future__ import annotations

import datetime as dt

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.members import is_workspace_admin
from apps.core.params import date_param
from apps.projects.permissions import task_for
from apps.projects.services.time import corrections as correction_services
from apps.reports import closing, payroll
from apps.reports.closing_serializers import (
    ClosedSpanSerializer,
    CorrectionCreateSerializer,
    CorrectionDecideSerializer,
    CorrectionSerializer,
    LockResultSerializer,
    LockSerializer,
    PeriodDecideSerializer,
    PeriodSerializer,
    PeriodSubmitSerializer,
    ReasonSerializer,
)
from apps.work.models import CorrectionKind, CorrectionRequest, PeriodState, WorkPeriod, WorkShift
from apps.work.services import periods
from apps.work.views.common import FROM_PARAM, TO_PARAM, date_range

NO_SUCH_PERIOD = "No such period."
NO_SUCH_SHIFT = "No such shift."
DATE_PARAM = OpenApiParameter("date", OpenApiTypes.DATE, description="A day of the period (default: today)")


@extend_schema(
    parameters=[DATE_PARAM], responses=PeriodSerializer, summary="Your period holding a day, with its summary"
)
@api_view(["GET"])
def period(request: Request) -> Response:
    day = date_param(request, "date", closing.today(request.user))
    return Response(PeriodSerializer(closing.period_view(user=request.user, day=day)).data)


@extend_schema(
    request=PeriodSubmitSerializer,
    responses=PeriodSerializer,
    summary="'My week is complete': submit your period",
)
@api_view(["POST"])
def period_submit(request: Request) -> Response:
    data = PeriodSubmitSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    day = data.validated_data["date"]
    periods.period_submit(user=request.user, day=day)
    return Response(PeriodSerializer(closing.period_view(user=request.user, day=day)).data)


STATE_PARAM = OpenApiParameter(
    "state",
    OpenApiTypes.STR,
    enum=[PeriodState.SUBMITTED, PeriodState.APPROVED],
    description="Default: submitted",
)


@extend_schema(
    parameters=[STATE_PARAM],
    responses=PeriodSerializer(many=True),
    summary="The periods of the members you answer for: submitted (waiting for you) or approved",
)
@api_view(["GET"])
def period_approvals(request: Request) -> Response:
    state = request.query_params.get("state", PeriodState.SUBMITTED)
    if state not in (PeriodState.SUBMITTED, PeriodState.APPROVED):
        raise ValidationError({"state": ["Choose submitted or approved."]})
    return Response(PeriodSerializer(closing.approvals(approver=request.user, state=state), many=True).data)


@extend_schema(
    request=PeriodDecideSerializer,
    responses=PeriodSerializer(many=True),
    summary="Approve or reject submitted periods, one or many (all or none)",
)
@api_view(["POST"])
def period_decide(request: Request) -> Response:
    data = PeriodDecideSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        decided = periods.periods_decide(approver=request.user, **data.validated_data)
    except WorkPeriod.DoesNotExist:
        raise NotFound(NO_SUCH_PERIOD) from None
    return Response(PeriodSerializer(closing.period_rows(decided), many=True).data)


@extend_schema(
    request=ReasonSerializer, responses=PeriodSerializer, summary="Reopen an approved period (admins)"
)
@api_view(["POST"])
def period_reopen(request: Request, pk: int) -> Response:
    data = ReasonSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    found = get_object_or_404(
        WorkPeriod.objects.select_related("user"), pk=pk, user__workspace_id=request.user.workspace_id
    )
    done = periods.period_reopen(admin=request.user, period=found, reason=data.validated_data["reason"])
    return Response(PeriodSerializer(closing.period_view(user=done.user, day=done.start_date)).data)


@extend_schema(
    request=LockSerializer,
    responses=LockResultSerializer,
    summary="Lock every day up to a date, for everyone or chosen members (admins)",
)
@api_view(["POST"])
def period_lock(request: Request) -> Response:
    data = LockSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    count = periods.lock_through(
        admin=request.user,
        through=data.validated_data["through"],
        user_ids=data.validated_data.get("user_ids"),
        reason=data.validated_data["reason"],
    )
    return Response({"locked": count})


@extend_schema(
    parameters=[FROM_PARAM, TO_PARAM],
    responses=ClosedSpanSerializer(many=True),
    summary="Your closed days in a date range, with why",
)
@api_view(["GET"])
def closed_days(request: Request) -> Response:
    first, last = date_range(request, user=request.user)
    return Response(
        ClosedSpanSerializer(closing.closed_days(user=request.user, first=first, last=last), many=True).data
    )


@extend_schema(
    methods=["GET"],
    responses=CorrectionSerializer(many=True),
    summary="Your corrections and those you decide",
)
@extend_schema(
    methods=["POST"],
    request=CorrectionCreateSerializer,
    responses={201: CorrectionSerializer},
    summary="Ask for a correction of a closed day",
)
@api_view(["GET", "POST"])
def correction(request: Request) -> Response:
    if request.method == "GET":
        return Response(CorrectionSerializer(closing.corrections(viewer=request.user), many=True).data)
    data = CorrectionCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = dict(data.validated_data)
    shift = task = None
    if values.get("kind") == CorrectionKind.SHIFT_TIMES and values.get("shift"):
        shift = (
            WorkShift.objects.select_related("work_day")
            .filter(pk=values["shift"], work_day__user=request.user)
            .first()
        )
        if shift is None:
            raise NotFound(NO_SUCH_SHIFT)
    if values.get("kind") == CorrectionKind.TASK_TIME and values.get("task"):
        task = task_for(request.user, values["task"])
    made = correction_services.correction_request(
        user=request.user,
        kind=values["kind"],
        reason=values["reason"],
        shift=shift,
        start=values.get("start_datetime"),
        end=values.get("end_datetime"),
        task=task,
        work_date=values.get("work_date"),
        seconds=values.get("seconds"),
    )
    row = next(r for r in closing.corrections(viewer=request.user) if r["id"] == made.pk)
    return Response(CorrectionSerializer(row).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=CorrectionDecideSerializer,
    responses=CorrectionSerializer,
    summary="Accept (apply the change, approve the period again) or decline a correction",
)
@api_view(["POST"])
def correction_decide(request: Request, pk: int) -> Response:
    data = CorrectionDecideSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    found = get_object_or_404(
        CorrectionRequest.objects.select_related("user"), pk=pk, user__workspace_id=request.user.workspace_id
    )
    done = correction_services.correction_decide(
        approver=request.user, correction=found, **data.validated_data
    )
    rows = closing.corrections(viewer=done.user)
    row = next(r for r in rows if r["id"] == done.pk)
    return Response(CorrectionSerializer({**row, "can_decide": False}).data)


PAYROLL_ADMINS_ONLY = "Only workspace admins export payroll."
MONTH_FORMAT = "Enter a month as YYYY-MM."


@extend_schema(
    parameters=[
        OpenApiParameter("month", OpenApiTypes.STR, required=True, description="YYYY-MM"),
        OpenApiParameter("file", OpenApiTypes.STR, enum=["csv", "xlsx"], description="Default: csv"),
    ],
    responses={
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="One row per member and day"),
        (200, payroll.XLSX_TYPE): OpenApiResponse(
            OpenApiTypes.BINARY, description="A summary sheet and one sheet per member"
        ),
    },
    summary="The approved periods of a month for payroll, CSV or XLSX (admins)",
)
@api_view(["GET"])
def payroll_export(request: Request) -> HttpResponse:
    if not is_workspace_admin(request.user):
        raise PermissionDenied(PAYROLL_ADMINS_ONLY)
    raw = request.query_params.get("month", "")
    year, _, number = raw.partition("-")
    try:
        month = (
            dt.date(int(year), int(number), 1)
            if len(raw) == 7 and year.isdigit() and number.isdigit()
            else None
        )
    except ValueError:
        month = None
    if month is None:
        raise ValidationError({"month": [MONTH_FORMAT]})
    kind = request.query_params.get("file", "csv")
    if kind not in ("csv", "xlsx"):
        raise ValidationError({"file": ["Choose csv or xlsx."]})
    members = payroll.collect(workspace_id=request.user.workspace_id, month=month)
    name = f"payroll-{month:%Y-%m}"
    if kind == "xlsx":
        answer = HttpResponse(payroll.to_xlsx(members, month=month), content_type=payroll.XLSX_TYPE)
    else:
        answer = HttpResponse(payroll.to_csv(members), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
    return answer
