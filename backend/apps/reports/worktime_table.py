"""The work-time table (spec 01 §3): for a range of dates and one or more users, one row per user
and date (missing dates filled with empty rows), with the day's shifts, schedules, work hours,
allocated and tracked time, and the totals. The same data as CSV in the viewer's timezone.

Numbers (docs/time-accounting.md, "The work-time table"):
- a shift's office hours = work + break (its length once closed), break = its break time,
  allocated = the task time tracked inside it (active + processing), tracked = active +
  processing + manual with its level;
- a row's allocated time = the work day's task time (hand time included, running tracker live);
  its tracked time counts the day's hand-added task time as manual, like the worktime summary;
- work hours = the day's work time; notes = its checkout note;
- expected = the day's target from the working-time account (apps.timeaccount: the pattern in
  force, 0 on a holiday, whose name comes along, less what approved time off covers, whose type
  comes along), difference = work hours - expected; work on a holiday is flagged when the
  workspace says so.

Queries do not grow with the number of days: users, work days, shifts, task time, schedules, and
for open shifts their records and each such user's tracked intervals.

A report over four apps, so it lives above them (apps.reports) and reads each directly: shifts
and work days (work), task time (projects), external trackers' entries (integrations) and the
checkout status of each day (checkout).
"""

from __future__ import annotations

import csv
import datetime as dt
import io

from django.db.models import Prefetch, prefetch_related_objects

from apps.checkout.selectors import checkout_day_statuses
from apps.core import timeutils
from apps.core.spreadsheet import safe_cell
from apps.integrations.selectors import tracked_entries
from apps.projects.time_selectors import day_allocations, tracked_intervals
from apps.timeaccount.selectors import day_targets
from apps.work import accounting, selectors
from apps.work.hooks import DayAllocation, TrackedSpan
from apps.work.models import StatusRecord, WorkDay, WorkShift, WorkShiftSchedule

MAX_USERS = 50
GROUP_BY = ("date", "member")


def _tracked(numbers: accounting.Totals) -> dict:
    total = numbers.active_time + numbers.processing_time + numbers.manual_time
    return {
        "total_seconds": total,
        "total_seconds_manually": numbers.manual_time,
        "added_manually": numbers.manual_time > 0,
        "tracked_level_percentage": numbers.level,
    }


def spans_tracked(spans: list[TrackedSpan], *, lo: dt.datetime, hi: dt.datetime, work: int) -> dict:
    """Tracked numbers of an external tracker's spans inside [lo, hi) (running ones up to now)."""
    now = timeutils.now()
    total = manual = 0
    for span in spans:
        seconds = timeutils.overlap_seconds(span.start, span.end or max(now, span.start), lo, hi)
        total += seconds
        if span.type_enum == "manual":
            manual += seconds
    return {
        "total_seconds": total,
        "total_seconds_manually": manual,
        "added_manually": manual > 0,
        "tracked_level_percentage": accounting.level_percent(counted=total, work=work),
    }


def _measured(shift: WorkShift) -> accounting.Totals:
    return accounting.add(
        [
            accounting.Totals(
                work_time=shift.work_time,
                break_time=shift.break_time,
                active_time=shift.active_time,
                manual_time=shift.manual_time,
                processing_time=shift.processing_time,
            )
        ]
    )


def _live(shifts: list[WorkShift], users: dict[int, object]) -> None:
    """Open shifts' numbers up to now (stored ones are from the last transition)."""
    open_shifts = [s for s in shifts if s.end_datetime is None]
    if not open_shifts:
        return
    records = StatusRecord.objects.filter(deleted_yn=False).order_by("start_datetime")
    prefetch_related_objects(open_shifts, Prefetch("status_records", queryset=records))
    now = timeutils.now()
    for user_id in {s.work_day.user_id for s in open_shifts}:
        mine = [s for s in open_shifts if s.work_day.user_id == user_id]
        tz_name = users[user_id].timezone
        intervals = tracked_intervals(user_id=user_id, lo=min(s.start_datetime for s in mine), hi=now)
        for shift in mine:
            segments = selectors.shift_segments(shift, tz_name=tz_name, at=now)
            for name, value in accounting.totals(segments, until=now, intervals=intervals).as_dict().items():
                setattr(shift, name, value)


def worktime_table(*, users: list, from_date: dt.date, to_date: dt.date, group_by: str = "date") -> dict:
    by_id = {u.pk: u for u in users}
    shifts_qs = WorkShift.objects.order_by("start_datetime")
    days = list(
        WorkDay.objects.filter(user_id__in=by_id, work_date__gte=from_date, work_date__lte=to_date)
        .prefetch_related(Prefetch("shifts", queryset=shifts_qs))
        .order_by("work_date")
    )
    all_shifts = [s for d in days for s in d.shifts.all()]
    for day in days:
        for shift in day.shifts.all():
            shift.work_day = day
    _live(all_shifts, by_id)
    allocations = day_allocations(work_day_ids=[d.pk for d in days])
    # Schedules: a UTC window wide enough for every zone, then each to its user's local date.
    lo = dt.datetime.combine(from_date, dt.time.min, tzinfo=dt.UTC) - dt.timedelta(days=1)
    hi = dt.datetime.combine(to_date, dt.time.min, tzinfo=dt.UTC) + dt.timedelta(days=2)
    schedules: dict[tuple[int, dt.date], list[dict]] = {}
    for schedule in WorkShiftSchedule.objects.filter(
        user_id__in=by_id, start_datetime__gte=lo, start_datetime__lt=hi
    ).order_by("start_datetime"):
        local = timeutils.local_date(schedule.start_datetime, by_id[schedule.user_id].timezone)
        if from_date <= local <= to_date:
            schedules.setdefault((schedule.user_id, local), []).append(
                {
                    "start_datetime": schedule.start_datetime,
                    "end_datetime": schedule.end_datetime,
                    "total_seconds": schedule.work_time_seconds
                    or timeutils.seconds_between(schedule.start_datetime, schedule.end_datetime),
                    "notes": schedule.schedule_notes,
                }
            )
    day_of = {(d.user_id, d.work_date): d for d in days}
    external = tracked_entries(users=list(users), lo=lo, hi=hi)
    statuses = checkout_day_statuses(users=list(users), from_date=from_date, to_date=to_date)
    targets, time_accounts = day_targets(list(users), lo=from_date, hi=to_date)
    rows = []
    dates = [from_date + dt.timedelta(days=n) for n in range((to_date - from_date).days + 1)]
    for user in users:
        for date in dates:
            row = _row(user, date, day_of.get((user.pk, date)), allocations, schedules, statuses)
            if user.pk in external:
                _external(row, external[user.pk], tz_name=user.timezone)
            target = targets[(user.pk, date)]
            work = row["work_hours"]["total_seconds"]
            row["expected"] = {
                "total_seconds": target.expected,
                "holiday": target.holiday,
                "holiday_work_flagged": time_accounts[user.pk].flags(target.holiday, work),
                "time_off": [
                    {"name": k.name, "color": k.color, "half_day": k.half_day} for k in target.time_off
                ],
                "time_off_seconds": target.time_off_seconds,
            }
            row["difference_seconds"] = work - target.expected
            rows.append(row)
    if group_by == "date":
        order = {u.pk: n for n, u in enumerate(users)}
        rows.sort(key=lambda r: (r["date"], order[r["user"]]))
    return {
        "from_date": from_date,
        "to_date": to_date,
        "group_by": group_by,
        "users": users,
        "rows": rows,
        "totals": _totals(rows),
    }


def _row(user, date, day, allocations, schedules, statuses) -> dict:
    shifts = list(day.shifts.all()) if day is not None else []
    parts = [_measured(s) for s in shifts]
    allocation = allocations.get(day.pk, DayAllocation()) if day is not None else DayAllocation()
    whole = accounting.add(parts)
    manual = min(
        whole.manual_time + allocation.hand, whole.work_time - whole.active_time - whole.processing_time
    )
    day_numbers = accounting.add([whole, accounting.Totals(manual_time=manual - whole.manual_time)])
    row = {
        "date": date,
        "user": user.pk,
        "work_day": day.pk if day is not None else None,
        "shifts": [
            {
                "id": s.pk,
                "start_datetime": s.start_datetime,
                "end_datetime": s.end_datetime,
                "manual_work_shift_yn": s.manual_work_shift_yn,
                "notes": s.work_shift_notes,
                "office_hours_in_seconds": n.work_time + n.break_time,
                "break_in_seconds": n.break_time,
                "allocated_time": n.active_time + n.processing_time,
                "tracked": _tracked(n),
            }
            for s, n in zip(shifts, parts, strict=True)
        ],
        "schedules": schedules.get((user.pk, date), []),
        "work_hours": {
            "total_seconds": whole.work_time,
            "notes": day.checkout_notes if day is not None else None,
        },
        "allocated_time": allocation.allocated + whole.processing_time,
        "tracked": _tracked(day_numbers),
    }
    row["checkout_status"] = statuses.get(user.pk, {}).get(date)
    return row


def _external(row: dict, spans: list[TrackedSpan], *, tz_name: str) -> None:
    """An external tracker's time replaces the built-in tracker's in the row and its shifts."""
    now = timeutils.now()
    for shift in row["shifts"]:
        work = shift["office_hours_in_seconds"] - shift["break_in_seconds"]
        shift["tracked"] = spans_tracked(
            spans, lo=shift["start_datetime"], hi=shift["end_datetime"] or now, work=work
        )
    lo, hi = timeutils.day_bounds(row["date"], tz_name)
    row["tracked"] = spans_tracked(spans, lo=lo, hi=hi, work=row["work_hours"]["total_seconds"])


def _totals(rows: list[dict]) -> dict:
    work = sum(r["work_hours"]["total_seconds"] for r in rows)
    tracked = sum(r["tracked"]["total_seconds"] for r in rows)
    return {
        "total_allocated_time_in_seconds": sum(r["allocated_time"] for r in rows),
        "total_office_hours_in_seconds": sum(s["office_hours_in_seconds"] for r in rows for s in r["shifts"]),
        "total_break_in_seconds": sum(s["break_in_seconds"] for r in rows for s in r["shifts"]),
        "total_scheduled_in_seconds": sum(s["total_seconds"] for r in rows for s in r["schedules"]),
        "total_tracked_in_seconds": tracked,
        "total_tracked_level_percentage": accounting.level_percent(counted=tracked, work=work),
        "total_work_hours_in_seconds": work,
        "total_expected_in_seconds": sum(r["expected"]["total_seconds"] for r in rows),
        "total_time_off_in_seconds": sum(r["expected"]["time_off_seconds"] for r in rows),
        "total_difference_in_seconds": sum(r["difference_seconds"] for r in rows),
    }


CSV_HEADER = [
    "Date",
    "Member",
    "Shift start",
    "Shift end",
    "Manual",
    "Office hours",
    "Break",
    "Allocated",
    "Tracked",
    "Tracked level",
    "Work hours",
    "Expected",
    "Difference",
    "Time off",
    "Holiday or time off",
    "Scheduled",
    "Checkout status",
    "Shift notes",
]


def hms(seconds: int) -> str:
    """Whole seconds as H:MM:SS (exact, so the column adds up to the total)."""
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def signed_hms(seconds: int) -> str:
    """A difference as +H:MM:SS / -H:MM:SS (0:00:00 unsigned)."""
    if seconds == 0:
        return hms(0)
    return ("+" if seconds > 0 else "-") + hms(abs(seconds))


def day_off_text(expected: dict) -> str:
    """The CSV's "Holiday or time off": the holiday's name, each approved time off's type (a half
    day said), and the flag of work on a holiday."""
    parts = [expected["holiday"]] if expected["holiday"] else []
    parts += [k["name"] + (" (half day)" if k["half_day"] else "") for k in expected["time_off"]]
    if expected["holiday_work_flagged"]:
        parts.append("worked on a holiday")
    return "; ".join(parts)


def _clock(instant: dt.datetime | None, tz_name: str) -> str:
    """Local time with its offset: unambiguous on the night the clocks go back."""
    if instant is None:
        return "in the office"
    return instant.astimezone(timeutils.user_zone(tz_name)).isoformat(timespec="minutes")


def csv_lines(table: dict, *, tz_name: str) -> list[list[str]]:
    """One line per shift (a date without shifts: one line), day numbers on the day's first line;
    the last line holds the totals."""
    names = {u.pk: u.display_name for u in table["users"]}
    lines = [CSV_HEADER]
    for row in table["rows"]:
        day = [
            row["date"].isoformat(),
            names[row["user"]],
        ]
        day_numbers = [
            hms(row["allocated_time"]),
            hms(row["tracked"]["total_seconds"]),
            f"{row['tracked']['tracked_level_percentage']}%",
            hms(row["work_hours"]["total_seconds"]),
            hms(row["expected"]["total_seconds"]),
            signed_hms(row["difference_seconds"]),
            hms(row["expected"]["time_off_seconds"]),
            day_off_text(row["expected"]),
            hms(sum(s["total_seconds"] for s in row["schedules"])),
            (row.get("checkout_status") or "").replace("_", " "),
        ]
        if not row["shifts"]:
            lines.append([*day, "", "", "", hms(0), hms(0), *day_numbers, ""])
        for n, shift in enumerate(row["shifts"]):
            first = n == 0
            lines.append(
                [
                    *day,
                    _clock(shift["start_datetime"], tz_name),
                    _clock(shift["end_datetime"], tz_name),
                    "yes" if shift["manual_work_shift_yn"] else "no",
                    hms(shift["office_hours_in_seconds"]),
                    hms(shift["break_in_seconds"]),
                    *(day_numbers if first else [""] * len(day_numbers)),
                    shift["notes"],
                ]
            )
    totals = table["totals"]
    lines.append(
        [
            "Total",
            "",
            "",
            "",
            "",
            hms(totals["total_office_hours_in_seconds"]),
            hms(totals["total_break_in_seconds"]),
            hms(totals["total_allocated_time_in_seconds"]),
            hms(totals["total_tracked_in_seconds"]),
            f"{totals['total_tracked_level_percentage']}%",
            hms(totals["total_work_hours_in_seconds"]),
            hms(totals["total_expected_in_seconds"]),
            signed_hms(totals["total_difference_in_seconds"]),
            hms(totals["total_time_off_in_seconds"]),
            "",
            hms(totals["total_scheduled_in_seconds"]),
            "",
            "",
        ]
    )
    return lines


def to_csv(lines: list[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for line in lines:
        writer.writerow([safe_cell(c) for c in line])
    return buffer.getvalue()
