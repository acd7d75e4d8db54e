"""The week grid of History (issue 31, docs/keyboard.md "Week grid"): the caller's time on tasks
per day of a range, tasks as rows, with each day's work time and allocated time as the work-time
table counts them (one source: `worktime_table`), so the grid's day totals and History's table
never disagree. Writes go through the task-time call of the day (POST /api/work/task_time/ with
its work day), under today's allocation rules."""

from __future__ import annotations

import datetime as dt

from apps.projects.time_selectors import live_seconds, running, task_times_between
from apps.reports.worktime_table import worktime_table
from apps.work import closing

# A week, or any range up to a month (the grid shows one week; copy reads the week before).
MAX_GRID_DAYS = 31
RANGE_TOO_LONG = f"Choose at most {MAX_GRID_DAYS} days."


def week_grid(*, user, from_date: dt.date, to_date: dt.date) -> dict:
    table = worktime_table(users=[user], from_date=from_date, to_date=to_date)
    spans = closing.closed_spans(user, from_date, to_date)

    def closed(date: dt.date) -> str | None:
        reason = next((s["reason"] for s in spans if s["start_date"] <= date <= s["end_date"]), None)
        return f"This day {reason}." if reason else None

    days = [
        {
            "date": row["date"],
            "work_day": row["work_day"],
            "work_seconds": row["work_hours"]["total_seconds"],
            "allocated_seconds": row["allocated_time"],
            # A closed day (docs/closing.md) takes no change: the grid shows why instead.
            "closed": closed(row["date"]),
        }
        for row in table["rows"]
    ]
    column = {day["date"]: n for n, day in enumerate(days)}
    live = running(user=user)
    rows: dict[int, dict] = {}
    times = task_times_between(user=user, from_date=from_date, to_date=to_date).select_related(
        "task__task_list", "project__color"
    )
    for time in times:
        row = rows.get(time.task_id)
        if row is None:
            row = rows[time.task_id] = {
                "task": {
                    "id": time.task_id,
                    "title": time.task.title,
                    "project": time.project_id,
                    "project_title": time.project.title,
                    "color": time.project.color.value,
                    "task_list": time.task.task_list_id,
                    "task_list_title": time.task.task_list.title,
                },
                "seconds": [0] * len(days),
            }
        row["seconds"][column[time.work_day.work_date]] += live_seconds(time, live)
    ordered = sorted(
        rows.values(),
        key=lambda r: (r["task"]["project_title"].lower(), r["task"]["title"].lower(), r["task"]["id"]),
    )
    for row in ordered:
        row["total_seconds"] = sum(row["seconds"])
    return {
        "from_date": from_date,
        "to_date": to_date,
        "days": days,
        "rows": ordered,
        "work_seconds": sum(day["work_seconds"] for day in days),
        "allocated_seconds": sum(day["allocated_seconds"] for day in days),
    }
