"""Demo checkouts for seed_demo: Ben's and Cy's past work days look like a real team's. Most pass
every check (a written note in rich text, an activity on each task worked on, the day's time on
tasks; their flagged next-shift tasks are the plan), a few fail one (FAILING: a note forgotten,
activity details missing; a day with a hand-edited shift may keep time unallocated), so the history
and the checkout banner show a realistic mix (Ada observes Ben and reads his). Idempotent: a day
that has a note keeps it, nothing is added twice, and the checks run again (an earlier day's
dismissed message stays dismissed, docs/checkout.md)."""

from __future__ import annotations

import contextlib
import datetime as dt
import json

from django.core.exceptions import ValidationError

from apps.accounts.models import User
from apps.checkout.checks import run_checks
from apps.core import timeutils
from apps.demo.closing import is_closed
from apps.demo.projects import BEN, CY
from apps.projects.models import Activity, ActivityReadLog, TaskTime
from apps.projects.services.activities import section
from apps.projects.services.time import intervals
from apps.work.models import WorkDay

# Past days (0 = the latest) that fail a check: the note was forgotten (a non-critical failure), or
# activity details are missing (critical). Every other day passes.
FAILING = {BEN: {2: "note", 6: "activity"}, CY: {4: "activity"}}
ACTIVITY_TEXT = "Worked through the open points; details in the task."

NOTES = {
    BEN: [
        ("Shipped the passkey sign-in behind a flag.", "Cropped the hero photos", "https://example.com/hero"),
        ("Fixed the Safari login loop.", "Wrote the release notes", "https://example.com/release"),
        ("Paired with Cy on the typeface.", "Reviewed two pull requests", "https://example.com/pulls"),
        ("Planned the onboarding emails.", "Drafted the first email", "https://example.com/emails"),
    ],
    CY: [
        ("Picked the typeface.", "Compared three families", "https://example.com/type"),
        ("Drew the empty states.", "Exported the icons", "https://example.com/icons"),
        ("Tidied the colour tokens.", "Checked the contrast", "https://example.com/contrast"),
        ("Sketched the settings page.", "Shared it for review", "https://example.com/settings"),
    ],
}


def note(headline: str, item: str, url: str) -> str:
    """A draft-js raw document: a bold first line, a bulleted item and a link."""
    link_text = "Details"
    return json.dumps(
        {
            "blocks": [
                {
                    "key": "d1",
                    "text": headline,
                    "type": "unstyled",
                    "depth": 0,
                    "inlineStyleRanges": [{"offset": 0, "length": len(headline), "style": "BOLD"}],
                    "entityRanges": [],
                    "data": {},
                },
                {
                    "key": "d2",
                    "text": item,
                    "type": "unordered-list-item",
                    "depth": 0,
                    "inlineStyleRanges": [],
                    "entityRanges": [],
                    "data": {},
                },
                {
                    "key": "d3",
                    "text": link_text,
                    "type": "unstyled",
                    "depth": 0,
                    "inlineStyleRanges": [],
                    "entityRanges": [{"offset": 0, "length": len(link_text), "key": 0}],
                    "data": {},
                },
            ],
            "entityMap": {"0": {"type": "LINK", "mutability": "MUTABLE", "data": {"url": url}}},
        }
    )


def _report_activities(user, day: WorkDay) -> None:
    """A submitted activity on each task worked on that day (what the activity_details check asks)."""
    worked = TaskTime.objects.filter(work_day=day, seconds_worked__gt=0)
    task_ids = worked.values_list("task_id", flat=True).distinct()
    _, hi = timeutils.day_bounds(day.work_date, user.timezone)
    at = hi - dt.timedelta(hours=6)
    readers = list(User.objects.filter(workspace_id=user.workspace_id).exclude(pk=user.pk))
    for task_id in task_ids:
        activity, _ = Activity.objects.get_or_create(
            task_id=task_id,
            user=user,
            work_date=day.work_date,
            created_automatically_yn=False,
            defaults={
                "created_datetime": at,
                "submitted_datetime": at,
                "submitted_yn": True,
                "text_json": [section("", ACTIVITY_TEXT)],
            },
        )
        # The team read these past reports long ago: Unread shows what is new, not weeks of them.
        for reader in readers:
            ActivityReadLog.objects.get_or_create(
                activity=activity, user=reader, defaults={"read_datetime": at}
            )


def _allocate(user, day: WorkDay) -> None:
    """The day's unallocated time goes on its first task worked on (the unallocated_time check)."""
    first = TaskTime.objects.filter(work_day=day).order_by("id").first()
    if first is None:
        return
    with contextlib.suppress(ValidationError):
        intervals.task_time_change(user=user, task=first.task, work_day=day, all_unallocated=True)


def seed_checkouts(*, users: dict) -> None:
    for email in (BEN, CY):
        user = users[email]
        today = timeutils.local_today(user.timezone)
        days = list(
            WorkDay.objects.filter(user=user, work_date__lt=today)
            .select_related("user")
            .order_by("-work_date")
        )
        texts = NOTES[email]
        failing = FAILING[email]
        for index, day in enumerate(days):
            if is_closed(user, day.work_date):  # a closed day (seed_closing, a run before) stays as it is
                continue
            fails = failing.get(index)
            if day.checkout_notes is None and fails != "note":
                day.checkout_notes = note(*texts[index % len(texts)])
                day.save(update_fields=["checkout_notes", "updated_at"])
            if fails != "activity":
                _report_activities(user, day)
            _allocate(user, day)
            run_checks(work_day=day)
