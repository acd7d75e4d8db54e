"""Random sequences of status changes, tracker actions and +/- edits (hypothesis): after every
step allocated <= work, unallocated = work - allocated >= 0, inactive = work - active - manual -
processing >= 0, 0 <= level <= 100, and every read agrees with the others."""

import datetime as dt
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.accounts.tests.factories import UserFactory
from apps.projects.models import AccessType, TaskTime
from apps.projects.services.time import intervals as task_time
from apps.projects.services.time import tracker
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
)
from apps.projects.time_selectors import allocated_time, running
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay
from apps.work.services import status as status_services

STEPS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["working", "taking_break", "leave"]), st.just(0)),
        st.tuples(st.sampled_from(["start", "pause", "stop"]), st.integers(0, 1)),
        st.tuples(st.just("edit"), st.sampled_from([600, 3600, -600, -3600, 0])),
        st.tuples(st.just("wait"), st.integers(1, 90)),
    ),
    min_size=1,
    max_size=25,
)


def _setup():
    user = UserFactory(timezone="Europe/Lisbon")
    project = ProjectFactory(workspace=user.workspace)
    ProjectMembershipFactory(project=project, user=user, access_type_enum=AccessType.OWNER)
    section = SectionFactory(task_list=TaskListFactory(parent_project=project))
    return user, [TaskFactory(section=section, owner_user=user) for _ in range(2)]


def _check(user) -> None:
    for day in WorkDay.objects.filter(user=user):
        numbers, allocation = work_selectors.work_day_totals(work_day=day)
        allocated = allocation.allocated + numbers.processing_time
        assert 0 <= allocated <= numbers.work_time
        assert numbers.inactive_time == (
            numbers.work_time - numbers.active_time - numbers.manual_time - numbers.processing_time
        )
        assert numbers.inactive_time >= 0 and 0 <= numbers.level <= 100
        summary = allocated_time(user=user, from_date=day.work_date, to_date=day.work_date)
        assert summary["total_seconds"] == allocated
        for shift in work_selectors.shifts_with_records(work_day=day):
            assert shift.active_time + shift.manual_time + shift.processing_time <= shift.work_time
    assert all(row.seconds_worked >= 0 for row in TaskTime.objects.filter(user=user))
    assert (running(user=user) is not None) == (
        tracker.TaskTracker.objects.filter(user=user, status="tracking").exists()
    )


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_every_invariant_holds_after_each_step(clock, steps):
    clock.set(dt.datetime(2026, 3, 28, 21, 0, tzinfo=dt.UTC))  # the night before Lisbon's DST change
    user, tasks = _setup()
    for action, value in steps:
        try:
            if action in ("working", "taking_break"):
                status_services.status_change(user=user, status=action)
            elif action == "leave":
                status_services.leave_office(user=user)
            elif action == "start":
                tracker.start(user=user, task=tasks[value], end_break=True)
            elif action == "pause":
                tracker.pause(user=user)
            elif action == "stop":
                tracker.stop(user=user)
            elif action == "edit":
                day = work_selectors.latest_work_day(user=user)
                if day is not None:
                    task_time.task_time_change(
                        user=user,
                        task=tasks[0],
                        work_day=day,
                        seconds=value or None,
                        all_unallocated=not value,
                    )
            else:
                clock.advance(minutes=value * 7)
        except ValidationError:
            pass  # a refused step changes nothing; the invariants still hold
        _check(user)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_concurrent_additions_near_the_limit_never_over_allocate(clock):
    user, tasks = _setup()
    status_services.status_change(user=user, status="working")
    clock.advance(minutes=15)  # room for one +10m, not two
    day = WorkDay.objects.get(user=user)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def add(task):
        try:
            barrier.wait()
            task_time.task_time_change(user=user, task=task, work_day=day, seconds=600)
            outcomes.append("ok")
        except ValidationError as error:
            outcomes.append(error.message_dict["detail"][0])
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=(task,)) for task in tasks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Tasks total hours can not be more than Office Work hours.", "ok"]
    assert sum(TaskTime.objects.filter(user=user).values_list("seconds_worked", flat=True)) == 600
