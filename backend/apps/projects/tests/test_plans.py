"""Query plans (apps/core/plans.py): a hot read's queryset compiled once, run with other ids, must
answer exactly what building the queryset for those ids answers, for every kind of caller."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from apps.accounts.tests.factories import UserFactory
from apps.core.plans import QueryPlan, plan_user
from apps.projects import selectors
from apps.projects.models import AccessType, Project, Task, UserTask
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    UserTaskFactory,
)
from apps.work import selectors as work_selectors
from apps.work.models import StatusRecord
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db


def project_rows(projects):
    return [
        (
            p.pk,
            p.title,
            p.color.value,
            p.task_list_count,
            p.member_count,
            p.my_access_type,
            p.personal_user_id,
        )
        for p in projects
    ]


@pytest.fixture
def callers(world):
    """The world's users, plus an archived project (its owner sees it, its member does not), a
    removed list and an archived task (neither counts), and a user with no tasks at all."""
    archived = ProjectFactory(workspace=world.workspace, archived_yn=True, title="Archived")
    ProjectMembershipFactory(project=archived, user=world.owner, access_type_enum=AccessType.OWNER)
    ProjectMembershipFactory(project=archived, user=world.member)
    section = SectionFactory(task_list=TaskListFactory(parent_project=archived))
    removed = SectionFactory(task_list=TaskListFactory(parent_project=world.project, removed_yn=True))
    for user in (world.owner, world.member):
        for where, archived_yn in (
            (section, False),
            (removed, False),
            (world.section, True),
            (world.section, False),
        ):
            task = TaskFactory(section=where, owner_user=user, archived_yn=archived_yn)
            UserTaskFactory(task=task, user=user, today_yn=True, next_shift_yn=archived_yn, starred_yn=True)
    status_services.status_change(user=world.member, status="working")
    status_services.status_change(user=world.member, status="taking_break")
    return [
        world.owner,
        world.member,
        world.outsider,
        world.stranger,
        world.newcomer,
        UserFactory(workspace=None),
    ]


def test_counts_from_the_plan_are_the_counts_the_orm_builds(callers):
    for user in callers:
        built = selectors._personal_counts(user.pk, user.workspace_id)
        expected = dict(zip(selectors._COUNT_NAMES, next(iter(built), (0, 0, 0)), strict=True))
        assert selectors.personal_counts(user=user) == expected
    # and they are the side menu's rule: visible, open tasks of lists not removed
    for user in callers:
        mine = UserTask.objects.filter(
            user=user, task__archived_yn=False, task__task_list__removed_yn=False
        ).filter(
            task__in=Task.objects.filter(task_list__parent_project__in=selectors.visible_project_ids(user))
        )
        assert selectors.personal_counts(user=user) == {
            "today_count": mine.filter(today_yn=True).count(),
            "next_workday_count": mine.filter(next_shift_yn=True).count(),
            "starred_count": mine.filter(starred_yn=True).count(),
        }
    assert selectors.personal_counts(user=callers[0])["today_count"] == 3  # the world's, 2 open of mine


def test_project_lists_from_the_plan_are_the_lists_the_orm_builds(callers):
    ProjectFactory(workspace=callers[0].workspace, personal_user=callers[0], title="Personal Tasks")
    seen = 0
    for user in callers:
        for archived_yn in (None, True, False):
            planned = selectors.projects_for(user=user, archived_yn=archived_yn)
            built = selectors._projects_for(user=user, archived_yn=archived_yn)
            assert project_rows(planned) == project_rows(built)
            seen += len(planned)
    assert seen >= 6
    assert [p.title for p in selectors.projects_for(user=callers[0], archived_yn=True)] == ["Archived"]
    assert selectors.projects_for(user=callers[1], archived_yn=True) == []  # a member of an archived one


def test_the_open_record_from_the_plan_is_the_one_the_orm_finds(callers):
    for user in callers:
        planned = work_selectors.open_status_record(user=user)
        built = work_selectors._open_status_record(user.pk).first()
        assert planned == built
        if planned is not None:
            assert planned.work_shift == built.work_shift  # selected with it: no query
    assert work_selectors.open_status_record(user=callers[1]).status_enum_identifier == "taking_break"
    assert StatusRecord.objects.filter(user=callers[1]).count() == 2


def test_a_plan_refuses_a_build_that_ignores_an_id_or_prefetches():
    ignores = QueryPlan(
        lambda user_id, workspace_id: Project.objects.filter(workspace_id=workspace_id), arity=2
    )
    with pytest.raises(ImproperlyConfigured):
        ignores.rows(1, 2)
    prefetches = QueryPlan(
        lambda user_id: Project.objects.filter(pk=user_id).prefetch_related("memberships"), arity=1
    )
    with pytest.raises(ImproperlyConfigured):
        prefetches.rows(1)
    with pytest.raises(TypeError):
        QueryPlan(lambda user_id: Project.objects.filter(pk=user_id), arity=1).rows(1, 2)


def test_a_plan_binds_each_call_its_own_ids(world):
    plan = QueryPlan(
        lambda user_id, workspace_id: selectors.visible_projects(
            plan_user(user_id, workspace_id)
        ).values_list("title", flat=True),
        arity=2,
    )
    assert plan.rows(world.owner.pk, world.workspace.pk) == ["Apollo"]
    assert plan.rows(world.outsider.pk, world.workspace.pk) == []
    assert plan.rows(world.owner.pk, world.stranger.workspace_id) == []  # scoped by the workspace too
    assert plan.rows(world.member.pk, world.workspace.pk) == ["Apollo"]


def test_instants_and_dates_are_bound_like_ids(world, clock):
    import datetime as dt

    from apps.core import timeutils
    from apps.projects import time_selectors
    from apps.work.selectors import _DAY_RECORDS, day_records

    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=dt.UTC))
    status_services.status_change(user=world.member, status="working")
    clock.set(dt.datetime(2026, 3, 10, 11, tzinfo=dt.UTC))
    status_services.status_change(user=world.member, status="taking_break")
    day = dt.date(2026, 3, 10)
    # Task time of both kinds for the member: a closed and an open interval, and closed time.
    from apps.projects.models import TaskTime, TrackedInterval
    from apps.work.models import WorkDay

    work_day = WorkDay.objects.get(user=world.member, work_date=day)
    task = Task.objects.get(title="Write the spec")
    at = dt.datetime(2026, 3, 10, 9, 30, tzinfo=dt.UTC)
    TrackedInterval.objects.create(
        user=world.member, task=task, work_day=work_day, start_datetime=at, end_datetime=at.replace(minute=50)
    )
    TrackedInterval.objects.create(
        user=world.member, task=task, work_day=work_day, start_datetime=at.replace(hour=10)
    )
    TaskTime.objects.create(
        user=world.member,
        task=task,
        work_day=work_day,
        project=world.project,
        seconds_worked=1500,
        seconds_tracked=1200,
    )
    rows = time_selectors._DAY_TASK_TIME.rows(world.member.pk, *timeutils.day_bounds(day, "UTC"), day)
    assert sorted(rows, key=str) == sorted(
        [
            (at, at.replace(minute=50), None, None),
            (at.replace(hour=10), None, None, None),
            (None, None, 1500, 300),
        ],
        key=str,
    )
    for user in (world.member, world.owner):
        for lo, hi in (
            timeutils.day_bounds(day, "UTC"),
            timeutils.day_bounds(day, "Asia/Kolkata"),
            (dt.datetime(2026, 3, 10, 10, tzinfo=dt.UTC), dt.datetime(2026, 3, 10, 10, 30, tzinfo=dt.UTC)),
        ):
            built = list(day_records(user=user, lo=lo, hi=hi))
            assert _DAY_RECORDS.rows(user.pk, lo, hi) == built
            assert time_selectors._INTERVALS.rows(user.pk, lo, hi) == list(
                time_selectors._INTERVALS._build(user.pk, lo, hi)
            )
            for on in (day, day - dt.timedelta(days=1)):
                assert sorted(time_selectors._DAY_TASK_TIME.rows(user.pk, lo, hi, on), key=str) == sorted(
                    time_selectors._DAY_TASK_TIME._build(user.pk, lo, hi, on), key=str
                )
    lo, hi = timeutils.day_bounds(day, "UTC")
    assert len(_DAY_RECORDS.rows(world.member.pk, lo, hi)) == 2
    with pytest.raises(TypeError):  # a naive datetime is not an instant
        _DAY_RECORDS.rows(world.member.pk, lo.replace(tzinfo=None), hi)


def test_the_pins_from_the_plan_are_the_pins_the_orm_finds(world):
    from apps.accounts.models import TeammatePin
    from apps.work import strip

    TeammatePin.objects.create(viewer=world.owner, teammate=world.member)
    TeammatePin.objects.create(viewer=world.owner, teammate=world.outsider)
    TeammatePin.objects.create(viewer=world.member, teammate=world.owner)
    for viewer in (world.owner, world.member, world.outsider, world.stranger):
        assert sorted(strip._PINS.rows(viewer.pk)) == sorted(
            TeammatePin.objects.filter(viewer=viewer).values_list("teammate_id", flat=True)
        )
    assert sorted(strip._PINS.rows(world.owner.pk)) == sorted([world.member.pk, world.outsider.pk])
