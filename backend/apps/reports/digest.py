"""The morning digest (issue 32, docs/reminders.md): for observers and the people who answer for
members (admins, team-page owners), what their members did yesterday and who is off today.

It composes work (days, the visibility rule), checkout (the day's status, failed checks, the note),
and timeaccount (the day's target, time off), so it lives in reports. Bounded: 13 queries whatever
the number of members (`tests/test_digest.py`)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db.models import Exists, OuterRef, Q, QuerySet

from apps.accounts.models import Observation, User, WorkspaceRole, WorkspaceUserType
from apps.checkout import checks
from apps.checkout.day_status import DayStatus
from apps.checkout.models import CheckoutCheck, CheckoutCheckStatus
from apps.checkout.selectors import checkout_day_statuses
from apps.core import timeutils
from apps.timeaccount import selectors as timeaccount
from apps.timeaccount.models import TimeOffRequest, TimeOffStatus
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay

DIGEST_CAP = 200  # members in one digest
NOTE_LINES = 3
NOTE_LINE_CHARS = 160

CHECKED_OUT = "checked_out"
NOT_CHECKED_OUT = "not_checked_out"
STILL_IN_OFFICE = "still_in_office"
NO_WORK_DAY = "no_work_day"
STATES = (CHECKED_OUT, NOT_CHECKED_OUT, STILL_IN_OFFICE, NO_WORK_DAY)
_STATE_OF = {
    DayStatus.PASSED: CHECKED_OUT,
    DayStatus.NON_CRITICAL_FAILED: CHECKED_OUT,
    DayStatus.CRITICAL_FAILED: CHECKED_OUT,
    DayStatus.STILL_IN_OFFICE: STILL_IN_OFFICE,
    DayStatus.NOT_CHECKED: NOT_CHECKED_OUT,
    DayStatus.WORKING_OR_PLAN_TO_WORK: NOT_CHECKED_OUT,
}


def readers() -> QuerySet:
    """Who reads a digest: admins, team-page owners and observers (active, in a workspace)."""
    observes = Observation.objects.filter(observer=OuterRef("pk"), observed_user__is_active=True)
    return User.objects.filter(is_active=True, workspace__isnull=False).filter(
        Q(workspace_role=WorkspaceRole.ADMIN)
        | Q(workspace_user_type__in=[WorkspaceUserType.ADMIN, WorkspaceUserType.OWNER])
        | Q(team_page_access_granted_yn=True)
        | Exists(observes)
    )


def reads_digest(viewer) -> bool:
    return readers().filter(pk=viewer.pk).exists()


def yesterday(viewer) -> dt.date:
    return timeutils.local_today(viewer.timezone) - dt.timedelta(days=1)


def note_lines(notes: str | None) -> list[str]:
    """The note's first non-empty lines, each cut to a line's length."""
    lines = [line.strip() for line in checks.note_text(notes).splitlines() if line.strip()]
    return [
        line if len(line) <= NOTE_LINE_CHARS else line[: NOTE_LINE_CHARS - 1] + "…"
        for line in lines[:NOTE_LINES]
    ]


def members_of(viewer) -> list[User]:
    return list(
        work_selectors.visible_users(viewer=viewer)
        .exclude(pk=viewer.pk)
        .select_related("workspace")
        .order_by("display_name", "id")[:DIGEST_CAP]
    )


def digest(*, viewer, day: dt.date) -> dict:
    """The digest of `day` (the members' own work dates) for `viewer`; time off on the day after."""
    members = members_of(viewer)
    ids = [m.pk for m in members]
    today = day + dt.timedelta(days=1)
    days = {
        d.user_id: d
        for d in WorkDay.objects.filter(user_id__in=ids, work_date=day).only(
            "id", "user_id", "checkout_notes", "work_time_seconds"
        )
    }
    statuses = checkout_day_statuses(users=members, from_date=day, to_date=day)
    failed: dict[int, list[dict]] = defaultdict(list)
    for user_id, check, critical in (
        CheckoutCheckStatus.objects.filter(user_id__in=ids, work_date=day, passed_yn=False)
        .order_by("checkout_check")
        .values_list("user_id", "checkout_check", "critical_yn")
    ):
        failed[user_id].append({"check": check, "label": CheckoutCheck(check).label, "critical": critical})
    expected = timeaccount.expected_days(members, lo=day, hi=day) if members else {}
    off = {
        request.user_id: request
        for request in TimeOffRequest.objects.filter(
            user_id__in=ids, status=TimeOffStatus.APPROVED, start_date__lte=today, end_date__gte=today
        )
        .select_related("type")
        .order_by("start_date", "id")
    }
    rows = []
    for member in members:
        work_day = days.get(member.pk)
        status = statuses.get(member.pk, {}).get(day)
        state = _STATE_OF.get(status, NO_WORK_DAY) if work_day is not None else NO_WORK_DAY
        leave = off.get(member.pk)
        rows.append(
            {
                "user_id": member.pk,
                "display_name": member.display_name or member.full_name or member.email,
                "state": state,
                "work_day": work_day.pk if work_day is not None else None,
                "note_lines": note_lines(work_day.checkout_notes) if work_day is not None else [],
                "failed_checks": failed.get(member.pk, []),
                "worked_seconds": work_day.work_time_seconds if work_day is not None else 0,
                "expected_seconds": expected.get((member.pk, day), (0, None))[0],
                "time_off_today": {"type": leave.type.name, "half_day": leave.half_day} if leave else None,
            }
        )
    counts = {state: 0 for state in STATES}
    for row in rows:
        counts[row["state"]] += 1
    return {"date": day, "today": today, "counts": counts, "members": rows}


# --- the email --------------------------------------------------------------------------------------

SUBJECT = "Morning digest: {day}"
SUMMARY = "Morning digest for {day}: {checked_out} checked out, {missing} did not{off}."
STATE_WORDS = {
    CHECKED_OUT: "checked out",
    NOT_CHECKED_OUT: "did not check out",
    STILL_IN_OFFICE: "still in the office",
    NO_WORK_DAY: "no work day",
}


def day_label(day: dt.date) -> str:
    return f"{day:%a} {day.day} {day:%b %Y}"


def summary(found: dict) -> str:
    """The notification's text (the email's first line): the counts that matter in the morning."""
    counts = found["counts"]
    off = sum(1 for row in found["members"] if row["time_off_today"])
    return SUMMARY.format(
        day=day_label(found["date"]),
        checked_out=counts[CHECKED_OUT],
        missing=counts[NOT_CHECKED_OUT] + counts[STILL_IN_OFFICE],
        off=f", {off} off today" if off else "",
    )


def hours_text(worked_seconds: int, expected_seconds: int) -> str:
    """The hours against the day's target, as the digest page says them (features/digest/format.ts)."""
    worked = checks.duration_text(worked_seconds)
    if not expected_seconds:
        return f"{worked}, no hours expected" if worked_seconds else "day off"
    return f"{worked} of {checks.duration_text(expected_seconds)}"


def email_text(found: dict, *, link: str) -> str:
    lines = [summary(found), "", f"Open it in the product: {link}", ""]
    for row in found["members"]:
        hours = hours_text(row["worked_seconds"], row["expected_seconds"])
        lines.append(f"{row['display_name']}: {STATE_WORDS[row['state']]}, {hours}")
        lines.extend(f"  | {line}" for line in row["note_lines"])
        for failed in row["failed_checks"]:
            lines.append(f"  ! {failed['label']} failed{' (critical)' if failed['critical'] else ''}")
        if row["time_off_today"]:
            half = " (half day)" if row["time_off_today"]["half_day"] else ""
            lines.append(f"  Off today: {row['time_off_today']['type']}{half}")
    return "\n".join(lines)
