"""The payroll export (issue 28, docs/closing.md): the approved periods of a month, as CSV or XLSX.

One row per member and day of an approved period in the month (worked time as h:mm and as decimal
hours, the period and its lock); the XLSX has a summary sheet and one sheet per member. Every text
cell goes through `core.spreadsheet.safe_cell`: a name or note starting with = + - @ stays text."""

from __future__ import annotations

import calendar
import csv
import datetime as dt
import io
from dataclasses import dataclass

from openpyxl import Workbook

from apps.accounts.models import User
from apps.core.spreadsheet import safe_cell
from apps.work.models import PeriodState, WorkDay, WorkPeriod

HEADER = ["Member", "Email", "Date", "Worked (h:mm)", "Worked (hours)", "Period", "Status"]
SUMMARY_HEADER = ["Member", "Email", "Periods", "Days worked", "Worked (h:mm)", "Worked (hours)", "Status"]
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def hm(seconds: int) -> str:
    minutes = seconds // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def hours(seconds: int) -> float:
    return round(seconds / 3600, 2)


@dataclass
class MemberRows:
    user: User
    periods: list[WorkPeriod]
    days: list[tuple[dt.date, int, WorkPeriod]]

    @property
    def status(self) -> str:
        locked = f", locked through {self.user.closed_through}" if self.user.closed_through else ""
        return f"approved{locked}"

    @property
    def worked(self) -> int:
        return sum(seconds for _, seconds, _ in self.days)


def month_bounds(month: dt.date) -> tuple[dt.date, dt.date]:
    return month.replace(day=1), month.replace(day=calendar.monthrange(month.year, month.month)[1])


def collect(*, workspace_id: int, month: dt.date) -> list[MemberRows]:
    """The workspace's approved periods overlapping the month, with their days in it (3 queries)."""
    first, last = month_bounds(month)
    periods = list(
        WorkPeriod.objects.filter(
            user__workspace_id=workspace_id,
            state=PeriodState.APPROVED,
            start_date__lte=last,
            end_date__gte=first,
        )
        .select_related("user")
        .order_by("user__display_name", "user_id", "start_date")
    )
    members: dict[int, MemberRows] = {}
    for period in periods:
        members.setdefault(period.user_id, MemberRows(user=period.user, periods=[], days=[])).periods.append(
            period
        )
    for user_id, date, seconds in (
        WorkDay.objects.filter(user_id__in=members, work_date__gte=first, work_date__lte=last)
        .values_list("user_id", "work_date", "work_time_seconds")
        .order_by("work_date")
    ):
        row = members[user_id]
        period = next((p for p in row.periods if p.start_date <= date <= p.end_date), None)
        if period is not None and seconds:
            row.days.append((date, seconds, period))
    return list(members.values())


def _name(user: User) -> str:
    return user.display_name or user.full_name or user.email


def day_rows(member: MemberRows) -> list[list]:
    return [
        [
            safe_cell(_name(member.user)),
            safe_cell(member.user.email),
            date.isoformat(),
            hm(seconds),
            hours(seconds),
            f"{period.start_date} to {period.end_date}",
            member.status,
        ]
        for date, seconds, period in member.days
    ]


def summary_row(member: MemberRows) -> list:
    return [
        safe_cell(_name(member.user)),
        safe_cell(member.user.email),
        ", ".join(f"{p.start_date} to {p.end_date}" for p in member.periods),
        len(member.days),
        hm(member.worked),
        hours(member.worked),
        member.status,
    ]


def to_csv(members: list[MemberRows]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for member in members:
        writer.writerows(day_rows(member))
    return out.getvalue()


def _sheet_title(user: User, used: set[str]) -> str:
    # Sheet names: at most 31 characters, none of []:*?/\ ; unique in the workbook.
    base = "".join(c for c in _name(user) if c not in "[]:*?/\\'")[:24].strip().lstrip("=+-@") or "Member"
    title, n = base, 2
    while title.lower() in used:
        title, n = f"{base} {n}", n + 1
    used.add(title.lower())
    return title


def to_xlsx(members: list[MemberRows], *, month: dt.date) -> bytes:
    book = Workbook()
    summary = book.active
    summary.title = "Summary"
    summary.append([f"Approved periods, {month:%B %Y}"])
    summary.append(SUMMARY_HEADER)
    for member in members:
        summary.append(summary_row(member))
    used = {"summary"}
    for member in members:
        sheet = book.create_sheet(_sheet_title(member.user, used))
        sheet.append(HEADER)
        for row in day_rows(member):
            sheet.append(row)
        sheet.append(["Total", "", "", hm(member.worked), hours(member.worked), "", member.status])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
