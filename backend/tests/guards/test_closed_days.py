"""Every write that changes a member's day refuses a closed day (issue 28, docs/closing.md).

`WRITES` lists each write path with a call that would change a closed day; each must raise
`closing.DayClosed` (409), under both kinds of lock: an approved period and an admin's bulk lock.
`test_every_write_service_is_listed` enumerates the public functions of the services modules that
own a member's days (work's services, projects' time on tasks, the checkout, the integrations)
and fails when one is in neither `WRITES` nor one of the two explicit lists below it: so a new
write service without the check fails here until someone decides about it.
"""

from __future__ import annotations

import datetime as dt
import importlib
import inspect
import pkgutil

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.checkout import services as checkout_services
from apps.checkout.models import CheckoutCheckStatus
from apps.core import timeutils
from apps.projects.services.time import day_tasks, intervals, tracker
from apps.projects.tests.factories import TaskFactory
from apps.timeaccount import services as timeaccount_services
from apps.timeaccount.models import TimeOffRequest, TimeOffType
from apps.work import closing
from apps.work.models import (
    PeriodState,
    PromptCause,
    PromptState,
    ShiftPrompt,
    StatusType,
    WorkDay,
    WorkPeriod,
    WorkShift,
)
from apps.work.services import days, guardian, shifts
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

UTC = dt.UTC


class World:
    def __init__(self):
        self.user = UserFactory(allow_add_manual_shifts=True)
        self.today = timeutils.local_today("UTC")
        self.day = self.today - dt.timedelta(days=10)  # the closed past day
        start = dt.datetime.combine(self.day, dt.time(9), tzinfo=UTC)
        self.shift = status_services.record_shift(
            user=self.user,
            segments=[(StatusType.WORKING, start, start + dt.timedelta(hours=4))],
            manual=True,
        )
        self.work_day = self.shift.work_day
        self.task = TaskFactory()
        intervals.task_time_change(user=self.user, task=self.task, work_day=self.work_day, seconds=3600)
        checkout_services.run_checks(work_day=self.work_day)
        self.check_status = CheckoutCheckStatus.objects.filter(work_day=self.work_day).first()
        self.in_office = False

    def at(self, hour: int, day: dt.date | None = None) -> dt.datetime:
        return dt.datetime.combine(day or self.day, dt.time(hour), tzinfo=UTC)

    def enter_office(self):
        status_services.status_change(user=self.user, status=StatusType.WORKING)
        self.today_day = WorkDay.objects.get(user=self.user, work_date=self.today)


def _pending_time_off(w: World) -> TimeOffRequest:
    kind = TimeOffType.objects.create(workspace=w.user.workspace, name="Leave")
    return TimeOffRequest.objects.create(user=w.user, type=kind, start_date=w.day, end_date=w.day)


def _cut(w: World) -> list[list[str]]:
    """What an automatic end at the closed shift's end (13:00) would have cut off: an hour."""
    return [["working", w.at(13).isoformat(), w.at(14).isoformat()]]


def _applied_prompt(w: World) -> ShiftPrompt:
    return ShiftPrompt.objects.create(
        user=w.user,
        work_shift=w.shift,
        cause=PromptCause.QUIET,
        state=PromptState.APPLIED,
        asked_at=w.at(13),
        answer_by=w.at(14),
        last_activity_at=w.at(13),
        ended_at=w.at(14),
        cut=_cut(w),
    )


# name -> (needs today closed, call). The past day is closed in every case; "today" cases close today too.
WRITES = {
    "work.services.status.status_change": (
        True,
        lambda w: status_services.status_change(user=w.user, status=StatusType.TAKING_BREAK),
    ),
    "work.services.status.record_shift": (
        False,
        lambda w: status_services.record_shift(
            user=w.user, segments=[(StatusType.WORKING, w.at(15), w.at(16))]
        ),
    ),
    "work.services.shifts.manual_shift_add": (
        False,
        lambda w: shifts.manual_shift_add(actor=w.user, start=w.at(15), end=w.at(16)),
    ),
    "work.services.shifts.shift_modify": (
        False,
        lambda w: shifts.shift_modify(
            actor=w.user,
            shift=w.shift,
            status_list=[
                {
                    "status_enum_identifier": "taking_break",
                    "start_datetime": w.at(10),
                    "end_datetime": w.at(11),
                }
            ],
        ),
    ),
    "work.services.shifts.shift_notes_update": (
        False,
        lambda w: shifts.shift_notes_update(actor=w.user, shift=w.shift, notes="later"),
    ),
    "work.services.shifts.shift_delete": (False, lambda w: shifts.shift_delete(actor=w.user, shift=w.shift)),
    "work.services.days.work_day_create": (
        False,
        lambda w: days.work_day_create(user=w.user, work_date=w.day - dt.timedelta(days=1)),
    ),
    "work.services.days.work_day_update": (
        False,
        lambda w: days.work_day_update(work_day=w.work_day, actor=w.user, data={"checkout_notes": "x"}),
    ),
    "projects.services.time.intervals.task_time_change": (
        False,
        lambda w: intervals.task_time_change(user=w.user, task=w.task, work_day=w.work_day, seconds=-60),
    ),
    "projects.services.time.intervals.record_interval": (
        False,
        lambda w: intervals.record_interval(
            user=w.user, task=w.task, work_day=w.work_day, start=w.at(11), end=w.at(12)
        ),
    ),
    "projects.services.time.tracker.start": (True, lambda w: tracker.start(user=w.user, task=w.task)),
    "projects.services.time.day_tasks.user_task_set": (
        True,
        lambda w: day_tasks.user_task_set(user=w.user, task=w.task, flags={"today_yn": True}),
    ),
    "projects.services.time.day_tasks.user_task_update": (
        True,
        lambda w: day_tasks.user_task_update(
            user_task=day_tasks.user_task_set(user=w.user, task=TaskFactory(), flags={"pinned_yn": True})[0],
            flags={"today_yn": True},
        ),
    ),
    "projects.services.time.day_tasks.workday_task_add": (
        False,
        lambda w: day_tasks.workday_task_add(user=w.user, task=TaskFactory(), work_day=w.work_day),
    ),
    "projects.services.time.day_tasks.workday_task_remove": (
        False,
        lambda w: day_tasks.workday_task_remove(user=w.user, task=w.task, work_day=w.work_day),
    ),
    "projects.services.time.day_tasks.release_work_day_tasks": (
        False,
        lambda w: day_tasks.release_work_day_tasks(
            user=w.user, work_day_id=w.work_day.pk, task_ids=[w.task.pk]
        ),
    ),
    "projects.services.time.day_tasks.workday_project_remove": (
        False,
        lambda w: day_tasks.workday_project_remove(
            user=w.user, project_id=w.task.task_list.parent_project_id, work_day=w.work_day
        ),
    ),
    "timeaccount.services.time_off_request": (
        False,
        lambda w: timeaccount_services.time_off_request(
            user=w.user,
            kind=TimeOffType.objects.create(workspace=w.user.workspace, name="Leave"),
            start_date=w.day,
            end_date=w.day,
            half_day=False,
            note="",
        ),
    ),
    "timeaccount.services.time_off_decide": (
        False,
        lambda w: timeaccount_services.time_off_decide(
            requests=[_pending_time_off(w)], approver=w.user, approve=True, reason=""
        ),
    ),
    "timeaccount.services.time_off_cancel": (
        False,
        lambda w: timeaccount_services.time_off_cancel(request=_pending_time_off(w)),
    ),
    # The shift guardian (issue 32): undoing an automatic end puts time back on the closed day.
    "work.services.shifts.shift_end_undo": (
        False,
        lambda w: shifts.shift_end_undo(user=w.user, shift=w.shift, cut=_cut(w), reason="I was there"),
    ),
    "work.services.guardian.answer": (
        False,
        lambda w: guardian.answer(
            user=w.user, prompt=_applied_prompt(w), choice="undo", reason="I was there"
        ),
    ),
    "checkout.services.run_checks": (False, lambda w: checkout_services.run_checks(work_day=w.work_day)),
    "checkout.services.dismiss": (
        False,
        lambda w: checkout_services.dismiss(status=w.check_status, actor=w.user),
    ),
}

# Allowed on a closed day, each with the reason.
ALLOWED_ON_CLOSED_DAYS = {
    "work.services.status.leave_office": "closes what is open; refusing it would strand an open shift",
    "work.services.status.settle_open_status": "the midnight rule closes a forgotten shift; no member's edit",
    "work.services.status.refresh_totals": "a step inside the guarded writes (stored numbers, not new time)",
    "projects.services.time.tracker.pause": "closes the running interval only",
    "projects.services.time.tracker.stop": "closes the running interval only",
    "projects.services.time.intervals.link": "a step inside the guarded writes",
    "projects.services.time.intervals.open_interval": "a step of tracker.start (guarded)",
    "projects.services.time.intervals.close_interval": "closes the running interval only",
    "checkout.services.leave_office": "leaves the office; its checks run only on an open day",
    "projects.services.time.corrections.correction_request": "asks; changes nothing until accepted",
    "projects.services.time.corrections.correction_decide": "the sanctioned change of a closed day",
    "work.services.periods.period_submit": "moves the period, not the day's time",
    "work.services.periods.periods_decide": "approving is what closes the days",
    "work.services.periods.period_reopen": "reopening is what opens them again",
    "work.services.periods.lock_through": "the bulk lock itself",
    "work.services.periods.period_of": "makes the draft period row",
    "work.services.shifts.shift_end_at": "ends an open shift; refusing it would strand it (the guardian)",
    "work.services.guardian.run": "asks, and ends open shifts only (docs/guardian.md)",
}

# Writes that never change a member's recorded days.
NOT_A_MEMBERS_DAY = {
    "work.services.schedules.schedule_create": "plans (the future), not recorded time",
    "work.services.schedules.schedule_update": "plans",
    "work.services.schedules.schedule_delete": "plans",
    "work.services.invisible.invisible_mode_set": "a presence setting",
    "work.services.activity.mark_active": "real presence: activity, not recorded time",
    "work.services.activity.sweep": "real presence: idle and away, not recorded time",
    "work.services.activity.idle_after": "a setting",
    "work.services.activity.away_after": "a setting",
    "work.services.teammates.teammate_pin": "the strip's pins",
    "work.services.teammates.teammate_unpin": "the strip's pins",
    "work.services.change_log.change_log_record": "the audit trail itself",
    "checkout.services.dismiss_all": "hides earlier days' messages; the checks' results stay",
    "checkout.services.mark_read": "the reader's read log",
    "checkout.services.configure_check": "workspace rules",
    "integrations.services.sync_calendar": "imports plans (schedules)",
    "integrations.services.sync_time_entries": "copies of an external tracker, not recorded time",
    "integrations.services.clean_tracker_config": "validation",
    "integrations.services.clean_calendar_config": "validation",
    "integrations.services.update_own_config": "settings",
    "integrations.services.test_connection": "a read of the provider",
    "work.services.periods.approver_ids": "a read",
    "work.services.periods.can_approve": "a read",
    "projects.services.time.intervals.running_interval": "a read",
    "projects.services.time.intervals.unallocated": "a read",
    "projects.services.time.corrections.request_value": "a read",
    "work.services.shifts.duration_text": "text",
    "work.services.shifts.to_minute": "arithmetic",
    "work.services.guardian.clock": "text",
    "work.services.guardian.message": "text",
    "work.services.guardian.withdraw": "closes open questions (the guardian turned off); no shift changes",
    # The working-time account (issue 27): the target and the balance, not a day's recorded time.
    "timeaccount.services.pattern_set": "the target (expected hours) from a date",
    "timeaccount.services.pattern_delete": "the target",
    "timeaccount.services.region_set": "which public holidays apply",
    "timeaccount.services.holiday_set": "the workspace's calendar of days off",
    "timeaccount.services.holiday_delete": "the workspace's calendar of days off",
    "timeaccount.services.start_set": "where the balance starts",
    "timeaccount.services.adjustment_add": "an admin's balance adjustment with a reason, in the change log",
    "timeaccount.services.time_off_type_set": "workspace settings",
    "timeaccount.services.rules_set": "workspace settings (the year-end rule, the holiday-work flag)",
}


def _modules():
    names = ["apps.checkout.services", "apps.integrations.services", "apps.timeaccount.services"]
    for package in ("apps.work.services", "apps.projects.services.time"):
        pkg = importlib.import_module(package)
        names += [f"{package}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__)]
    return [importlib.import_module(n) for n in names]


def test_every_write_service_is_listed():
    found = set()
    for module in _modules():
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                found.add(f"{module.__name__.removeprefix('apps.')}.{name}")
    listed = set(WRITES) | set(ALLOWED_ON_CLOSED_DAYS) | set(NOT_A_MEMBERS_DAY)
    assert found - listed == set(), "new services: add each to WRITES (with the lock check) or to a list"
    assert listed - found == set(), "listed services that no longer exist"


def _close(world: World, *, today: bool, kind: str) -> None:
    last = world.today if today else world.day
    if kind == "bulk":
        type(world.user).objects.filter(pk=world.user.pk).update(closed_through=last)
    else:
        WorkPeriod.objects.create(
            user=world.user,
            start_date=world.day - dt.timedelta(days=3),
            end_date=last,
            state=PeriodState.APPROVED,
        )


@pytest.mark.parametrize("kind", ["period", "bulk"])
@pytest.mark.parametrize("name", sorted(WRITES))
def test_write_refuses_a_closed_day(name, kind):
    world = World()
    needs_today, call = WRITES[name]
    if needs_today:
        world.enter_office()
    _close(world, today=needs_today, kind=kind)
    before = (WorkShift.objects.count(), world.user.change_logs.count())
    with pytest.raises(closing.DayClosed) as refused:
        call(world)
    assert str(refused.value.detail).startswith("This day is closed: ")
    assert (WorkShift.objects.count(), world.user.change_logs.count()) == before


def test_open_days_stay_writable():
    world = World()
    _close(world, today=False, kind="period")
    later = world.today - dt.timedelta(days=1)
    shift = shifts.manual_shift_add(actor=world.user, start=world.at(9, later), end=world.at(10, later))
    assert shift.work_day.work_date == later
