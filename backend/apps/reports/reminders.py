"""The day's reminders and the morning digest's email (issue 32, docs/reminders.md), each at the
member's local time, once per local day, while its switch is on (accounts.reminders).

- 'Not in the office': the day's planned start (the earliest of the member's schedules that start
  on their local today, work's `WorkShiftSchedule`) passed `START_GRACE` ago, they have not entered
  today, the planned day has not ended and no approved time off covers today.
- 'Checkout note': the planned end (the latest end of those schedules) passed, they worked today
  and the day's checkout note is empty.
- 'Tracker': the task tracker still runs at the planned end, or at `DAY_END_HOUR` local on a day
  without a schedule.
- The morning digest: at the reader's `digest_hour` local, yesterday's digest, when it has members.

It reads work, projects (the tracker), timeaccount (time off) and the digest, so it lives in reports.
Per batch of members: 8 queries to decide (what was sent already included), then only what is sent."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.conf import settings

from apps.accounts import reminders
from apps.accounts.models import Notification, NotificationKind, User
from apps.accounts.reminders import Reminder
from apps.checkout import checks
from apps.core import timeutils
from apps.projects.models import TaskTracker, TrackerStatus
from apps.reports import digest as digests
from apps.timeaccount.models import TimeOffRequest, TimeOffStatus
from apps.work.models import StatusRecord, WorkDay, WorkShiftSchedule

BATCH = 500
DAILY_KINDS = (
    NotificationKind.OFFICE_START_REMINDER,
    NotificationKind.CHECKOUT_NOTE_REMINDER,
    NotificationKind.TRACKER_REMINDER,
    NotificationKind.MORNING_DIGEST,
)
START_GRACE = dt.timedelta(minutes=5)
DAY_END_HOUR = 18

OFFICE_START = "{day}: your day was planned to start at {time} and you are not in the office yet."
CHECKOUT_NOTE = "{day}: your day was planned to end at {time} and your checkout note is not written yet."
TRACKER = "{day}: the tracker is still running on '{task}' after the end of your day ({time})."
SUBJECTS = {
    Reminder.OFFICE_START: "Your day has started",
    Reminder.CHECKOUT_NOTE: "Write your checkout note",
    Reminder.TRACKER: "Your tracker is still running",
    Reminder.DIGEST: "Morning digest",
}
PAGES = {
    Reminder.OFFICE_START: "/office",
    Reminder.CHECKOUT_NOTE: "/checkout",
    Reminder.TRACKER: "/office",
    Reminder.DIGEST: "/digest",
}


def clock_text(instant: dt.datetime, user: User) -> str:
    """The member's wall-clock time in their own clock format."""
    local = instant.astimezone(timeutils.user_zone(user.timezone))
    if user.clock_format == "12h":
        return f"{(local.hour % 12) or 12}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"
    return f"{local:%H:%M}"


def link(page: str) -> str:
    return f"{settings.PUBLIC_URL.rstrip('/')}{page}"


class _Batch:
    """What the reminders of a batch of members need, read once (7 queries, 8 with the batch itself)."""

    def __init__(self, users: list[User], now: dt.datetime):
        ids = [u.pk for u in users]
        self.today = {u.pk: timeutils.local_today(u.timezone, at=now) for u in users}
        lo = min(timeutils.day_start(self.today[u.pk], u.timezone) for u in users)
        hi = max(timeutils.day_start(self.today[u.pk] + dt.timedelta(days=1), u.timezone) for u in users)
        by_id = {u.pk: u for u in users}
        self.plans: dict[int, list[tuple[dt.datetime, dt.datetime]]] = defaultdict(list)
        for user_id, start, end in WorkShiftSchedule.objects.filter(
            user_id__in=ids, start_datetime__gte=lo, start_datetime__lt=hi
        ).values_list("user_id", "start_datetime", "end_datetime"):
            if timeutils.local_date(start, by_id[user_id].timezone) == self.today[user_id]:
                self.plans[user_id].append((start, end))
        dates = set(self.today.values())
        self.days = {
            d.user_id: d
            for d in WorkDay.objects.filter(user_id__in=ids, work_date__in=dates).only(
                "id", "user_id", "work_date", "start_datetime", "checkout_notes", "work_time_seconds"
            )
            if d.work_date == self.today[d.user_id]
        }
        self.in_office = set(
            StatusRecord.objects.filter(
                user_id__in=ids, end_datetime__isnull=True, deleted_yn=False
            ).values_list("user_id", flat=True)
        )
        self.tracking = {
            t.user_id: t
            for t in TaskTracker.objects.filter(
                user_id__in=ids, status=TrackerStatus.TRACKING
            ).select_related("task")
        }
        self.off = {
            user_id
            for user_id, start, end in TimeOffRequest.objects.filter(
                user_id__in=ids,
                status=TimeOffStatus.APPROVED,
                start_date__lte=max(dates),
                end_date__gte=min(dates),
            ).values_list("user_id", "start_date", "end_date")
            if start <= self.today[user_id] <= end
        }
        self.readers = set(digests.readers().filter(pk__in=ids).values_list("pk", flat=True))
        # What was told lately: a reminder already sent today costs no query on the next runs.
        self.told: dict[tuple[int, str], list[str]] = defaultdict(list)
        for user_id, kind, text in Notification.objects.filter(
            user_id__in=ids, kind__in=DAILY_KINDS, datetime__gte=now - dt.timedelta(days=2)
        ).values_list("user_id", "kind", "text"):
            self.told[(user_id, kind)].append(text)

    def already_told(self, user: User, kind: str, prefix: str) -> bool:
        return any(text.startswith(prefix) for text in self.told.get((user.pk, kind), ()))


def _send(batch: _Batch, user: User, reminder: str, kind: str, text: str, day_label: str) -> bool:
    if batch.already_told(user, kind, f"{day_label}:"):
        return False
    return reminders.notify_once(
        user,
        kind=kind,
        text=text,
        subject=SUBJECTS[reminder],
        reminder=reminder,
        body=f"{text}\n\nOpen: {link(PAGES[reminder])}",
        once_per=f"{day_label}:",
    )


def _member(user: User, batch: _Batch, now: dt.datetime) -> int:
    sent = 0
    today = batch.today[user.pk]
    label = digests.day_label(today)
    plans = batch.plans.get(user.pk, [])
    start = min((s for s, _ in plans), default=None)
    end = max((e for _, e in plans), default=None)
    work_day = batch.days.get(user.pk)
    if (
        start is not None
        and user.remind_office_start_yn
        and start + START_GRACE <= now < end
        and (work_day is None or work_day.start_datetime is None)
        and user.pk not in batch.in_office
        and user.pk not in batch.off
    ):
        text = OFFICE_START.format(day=label, time=clock_text(start, user))
        sent += _send(batch, user, Reminder.OFFICE_START, NotificationKind.OFFICE_START_REMINDER, text, label)
    if (
        end is not None
        and user.remind_checkout_note_yn
        and now >= end
        and work_day is not None
        and (work_day.work_time_seconds > 0 or user.pk in batch.in_office)
        and not checks.note_text(work_day.checkout_notes).strip()
    ):
        text = CHECKOUT_NOTE.format(day=label, time=clock_text(end, user))
        sent += _send(
            batch, user, Reminder.CHECKOUT_NOTE, NotificationKind.CHECKOUT_NOTE_REMINDER, text, label
        )
    tracker = batch.tracking.get(user.pk)
    day_end = end if end is not None else timeutils.wall_clock(today, DAY_END_HOUR, user.timezone)
    if tracker is not None and user.remind_tracker_yn and now >= day_end:
        task = tracker.task.title if tracker.task_id else "a task"
        text = TRACKER.format(day=label, task=task, time=clock_text(day_end, user))
        sent += _send(batch, user, Reminder.TRACKER, NotificationKind.TRACKER_REMINDER, text, label)
    return sent


def _digest(user: User, batch: _Batch, now: dt.datetime) -> bool:
    today = batch.today[user.pk]
    if user.pk not in batch.readers or not user.digest_email_yn:
        return False
    if now < timeutils.wall_clock(today, user.digest_hour, user.timezone):
        return False
    day = today - dt.timedelta(days=1)
    once = f"Morning digest for {digests.day_label(day)}:"
    if batch.already_told(user, NotificationKind.MORNING_DIGEST, once):
        return False
    found = digests.digest(viewer=user, day=day)
    if not found["members"]:
        return False
    return reminders.notify_once(
        user,
        kind=NotificationKind.MORNING_DIGEST,
        text=digests.summary(found),
        subject=f"{SUBJECTS[Reminder.DIGEST]}: {digests.day_label(day)}",
        reminder=Reminder.DIGEST,
        body=digests.email_text(found, link=link(PAGES[Reminder.DIGEST])),
        once_per=once,
    )


def send_due(now: dt.datetime | None = None) -> int:
    """Every reminder and digest due now; how many were sent."""
    now = now or timeutils.now()
    sent, last = 0, 0
    while True:
        users = list(
            User.objects.filter(is_active=True, workspace__isnull=False, pk__gt=last).order_by("pk")[:BATCH]
        )
        if not users:
            return sent
        last = users[-1].pk
        batch = _Batch(users, now)
        for user in users:
            sent += _member(user, batch, now)
            sent += _digest(user, batch, now)
