"""Each live event of projects: its payload, who receives it, and who receives nothing.

`world`: owner, member and newcomer are project members; outsider is in the same workspace but
not in the project; stranger belongs to another workspace."""

import pytest

from apps.projects import events
from apps.projects.models import AccessType
from apps.projects.services import activities, memberships, sections, tasks
from apps.projects.services.time import day_tasks, intervals, tracker
from apps.projects.tests.factories import UserTaskFactory
from apps.work.models import WorkDay
from apps.work.services import status as work_services

pytestmark = pytest.mark.django_db

MEMBERS = ("owner", "member", "newcomer")
EVERYONE = ("owner", "member", "newcomer", "outsider", "stranger")


def reached(live_events, world, groups) -> set[str]:
    return {name for name in EVERYONE if live_events.reaches(groups, getattr(world, name))}


def base(message) -> tuple:
    return (
        message["action"],
        message["table_name"],
        message["resource_id"],
        message["email"],
        message["status"],
    )


def test_add_user_to_project(world, live_events):
    with live_events.capture():
        membership = memberships.project_membership_create(
            actor=world.owner, project=world.project, user=world.outsider, project_role="Design"
        )
    groups, message = live_events.one(events.ADD_USER_TO_PROJECT.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "user_id": world.outsider.pk,
        "actor_id": world.owner.pk,
        "access_type_enum": AccessType.MEMBER,
        "project_role": "Design",
    }
    assert base(message) == ("create", "project_membership", membership.pk, world.outsider.email, "")
    assert reached(live_events, world, groups) == {*MEMBERS, "outsider"}  # the added user included


def test_update_user_project_role(world, live_events):
    with live_events.capture():
        memberships.project_membership_update(
            actor=world.owner,
            membership=world.member_membership,
            access_type_enum="OWNER",
            project_role="Lead",
        )
    groups, message = live_events.one(events.UPDATE_USER_PROJECT_ROLE.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "user_id": world.member.pk,
        "actor_id": world.owner.pk,
        "access_type_enum": "OWNER",
        "project_role": "Lead",
    }
    assert base(message) == (
        "update",
        "project_membership",
        world.member_membership.pk,
        world.member.email,
        "",
    )
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_remove_user_from_project_and_removed_project_from_workday(world, live_events, clock):
    work_services.status_change(user=world.member, status="working")
    UserTaskFactory(task=world.task, user=world.member, today_yn=True)
    membership_id = world.member_membership.pk
    with live_events.capture():
        memberships.project_membership_delete(actor=world.member, membership=world.member_membership)

    groups, message = live_events.one(events.REMOVE_USER_FROM_PROJECT.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "user_id": world.member.pk,
        "actor_id": world.member.pk,
        "access_type_enum": AccessType.MEMBER,
        "project_role": "Developer",
    }
    assert base(message) == ("delete", "project_membership", membership_id, world.member.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)  # the removed member included

    groups, message = live_events.one(events.REMOVED_PROJECT_FROM_WORKDAY.name)
    assert message["meta"] == {"project_id": world.project.pk, "work_day_id": None}
    assert base(message) == ("delete", "work_day_task", world.project.pk, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}


def test_add_user_to_tasklist(world, live_events):
    with live_events.capture():
        membership = memberships.task_list_membership_create(
            actor=world.owner, task_list=world.other_list, user=world.newcomer
        )
    groups, message = live_events.one(events.ADD_USER_TO_TASKLIST.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.other_list.pk,
        "user_id": world.newcomer.pk,
        "actor_id": world.owner.pk,
    }
    assert base(message) == ("create", "tasklist_membership", membership.pk, world.newcomer.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_remove_user_from_tasklist(world, live_events):
    membership = world.member_list_membership
    with live_events.capture():
        memberships.task_list_membership_delete(actor=world.owner, membership=membership)
    groups, message = live_events.one(events.REMOVE_USER_FROM_TASKLIST.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "user_id": world.member.pk,
        "actor_id": world.owner.pk,
    }
    assert base(message) == ("delete", "tasklist_membership", membership.pk, world.member.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_new_task_and_new_join_task_to_user(world, live_events):
    with live_events.capture():
        task = tasks.task_create(user=world.member, section=world.section, title="Ship it")

    groups, message = live_events.one(events.NEW_TASK.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "section_id": world.section.pk,
        "actor_id": world.member.pk,
    }
    assert base(message) == ("create", "task", task.pk, world.member.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)

    groups, message = live_events.one(events.NEW_JOIN_TASK_TO_USER.name)
    user_task = task.user_tasks.get(user=world.member)
    assert message["meta"] == {
        "task_id": task.pk,
        "today_yn": False,
        "starred_yn": False,
        "next_shift_yn": False,
    }
    assert base(message) == ("create", "user_task", user_task.pk, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}


def test_added_and_removed_task_from_workday(world, live_events, clock):
    work_services.status_change(user=world.member, status="working")
    work_day = WorkDay.objects.get(user=world.member)
    with live_events.capture():
        day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": True})
    groups, message = live_events.one(events.ADDED_TASK_TO_WORKDAY.name)
    assert message["meta"] == {"task_id": world.task.pk, "work_day_id": work_day.pk}
    assert base(message) == ("create", "work_day_task", world.task.pk, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}

    with live_events.capture():
        day_tasks.user_task_set(user=world.member, task=world.task, flags={"today_yn": False})
    groups, message = live_events.one(events.REMOVED_TASK_FROM_WORKDAY.name)
    assert message["meta"] == {"task_id": world.task.pk, "work_day_id": work_day.pk}
    assert base(message) == ("delete", "work_day_task", world.task.pk, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}


def test_sections_changed(world, live_events):
    with live_events.capture():
        sections.section_rename(actor=world.owner, section=world.section, title="In progress")
    groups, message = live_events.one(events.SECTIONS_CHANGED.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "actor_id": world.owner.pk,
    }
    assert base(message) == ("rename", "section", world.task_list.pk, world.owner.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_an_archived_projects_events_reach_only_its_owners(world, live_events):
    world.project.archived_yn = True
    world.project.save()
    with live_events.capture():
        sections.section_rename(section=world.section, title="Frozen")
    groups, message = live_events.one(events.SECTIONS_CHANGED.name)
    assert (message["meta"]["actor_id"], message["email"]) == (None, "")  # a change by no one in particular
    assert reached(live_events, world, groups) == {"owner"}


# --- activities (docs/activities.md) ---------------------------------------------------------------


def _activity_meta(world, activity, state):
    return {
        "activity_id": activity.pk,
        "task_id": world.task.pk,
        "task_list_id": world.task_list.pk,
        "section_id": world.section.pk,
        "project_id": world.project.pk,
        "author_id": activity.user_id,
        "state": state,
    }


def test_new_activity_on_submit_reaches_the_project_members(world, live_events):
    with live_events.capture():
        activity = activities.activity_create(
            user=world.member, task=world.task, text_json={"section_text": "Done."}, submit=True
        )
    groups, message = live_events.one(events.NEW_ACTIVITY.name)
    assert message["meta"] == _activity_meta(world, activity, "submitted")
    assert base(message) == ("create", "activity", activity.pk, world.member.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_new_activity_of_a_draft_reaches_its_author_only(world, live_events):
    with live_events.capture():
        activity = activities.activity_create(
            user=world.member, task=world.task, text_json={"section_text": ""}
        )
    groups, message = live_events.one(events.NEW_ACTIVITY.name)
    assert message["meta"] == _activity_meta(world, activity, "draft")
    assert reached(live_events, world, groups) == {"member"}
    with live_events.capture():
        activities.activity_delete(user=world.member, activity=activity)
    groups, message = live_events.named(events.NEW_ACTIVITY.name)[-1]
    assert (message["action"], message["meta"]["state"]) == ("delete", "deleted")
    assert reached(live_events, world, groups) == {"member"}


def test_new_activity_read_log_reaches_the_reader_only(world, live_events):
    activity = activities.activity_create(
        user=world.owner, task=world.task, text_json={"section_text": "Done."}, submit=True
    )
    with live_events.capture():
        activities.mark_read(user=world.member, activity=activity)
    groups, message = live_events.one(events.NEW_ACTIVITY_READ_LOG.name)
    assert message["meta"] == {
        "activity_ids": [activity.pk],
        "task_ids": [world.task.pk],
        "project_id": None,
        "task_id": None,
    }
    assert base(message) == ("create", "activity_read_log", activity.pk, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}


def test_new_activity_read_log_mark_all_reaches_the_reader_only(world, live_events):
    one = activities.activity_create(
        user=world.owner, task=world.task, text_json={"section_text": "a"}, submit=True
    )
    two = activities.activity_create(
        user=world.owner, task=world.task, text_json={"section_text": "b"}, submit=True
    )
    with live_events.capture():
        activities.mark_read(user=world.member, project=world.project)
    groups, message = live_events.one(events.NEW_ACTIVITY_READ_LOG_MARK_ALL.name)
    assert message["meta"] == {
        "activity_ids": sorted([one.pk, two.pk]),
        "task_ids": [world.task.pk],
        "project_id": world.project.pk,
        "task_id": None,
    }
    assert base(message) == ("create", "activity_read_log", None, world.member.email, "")
    assert reached(live_events, world, groups) == {"member"}
    with live_events.capture():  # nothing left to mark: no news
        activities.mark_read(user=world.member, task=world.task)
    assert len(live_events.named(events.NEW_ACTIVITY_READ_LOG_MARK_ALL.name)) == 1


def test_task_updated(world, live_events):
    with live_events.capture():
        tasks.task_update(task=world.task, data={"title": "Write it", "priority": 3}, actor=world.member)
    groups, message = live_events.one(events.TASK_UPDATED.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "section_id": world.section.pk,
        "actor_id": world.member.pk,
    }
    assert base(message) == ("update", "task", world.task.pk, world.member.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)

    live_events.sent.clear()
    with live_events.capture():
        tasks.task_set_archived(task=world.task, archived_yn=True, actor=world.owner)
    groups, message = live_events.one(events.TASK_UPDATED.name)
    assert base(message) == ("update", "task", world.task.pk, world.owner.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_task_deleted(world, live_events):
    task_id = world.task.pk
    with live_events.capture():
        tasks.task_delete(task=world.task, actor=world.owner)
    groups, message = live_events.one(events.TASK_DELETED.name)
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "section_id": world.section.pk,
        "actor_id": world.owner.pk,
    }
    assert base(message) == ("delete", "task", task_id, world.owner.email, "")
    assert reached(live_events, world, groups) == set(MEMBERS)


def test_new_task_time(world, live_events, clock):
    work_services.status_change(user=world.owner, status="working")
    clock.advance(hours=1)
    day = WorkDay.objects.get(user=world.owner)
    with live_events.capture():
        row, _ = intervals.task_time_change(user=world.owner, task=world.task, work_day=day, seconds=600)
    groups, message = live_events.one(events.NEW_TASK_TIME.name)
    assert message["meta"] == {
        "task_id": world.task.pk,
        "work_day_id": day.pk,
        "project_id": world.project.pk,
        "seconds_worked": 600,
    }
    assert base(message) == ("update", "task_time", row.pk, world.owner.email, "")
    assert reached(live_events, world, groups) == {"owner"}  # not the other members, not strangers


def test_tracker_state(world, live_events, clock):
    work_services.status_change(user=world.owner, status="working")
    with live_events.capture():
        state = tracker.start(user=world.owner, task=world.task)
    groups, message = live_events.one(events.TRACKER_STATE.name)
    assert message["meta"] == {"status": "tracking", "task_id": world.task.pk, "last_task_id": world.task.pk}
    assert base(message) == ("update", "task_tracker", state.pk, world.owner.email, "tracking")
    assert reached(live_events, world, groups) == {"owner"}
    clock.advance(minutes=5)
    with live_events.capture():
        work_services.status_change(user=world.owner, status="taking_break")  # the break pauses it
    _, paused = live_events.named(events.TRACKER_STATE.name)[-1]
    assert paused["meta"]["status"] == "paused" and paused["status"] == "paused"
    _, time = live_events.one(events.NEW_TASK_TIME.name)
    assert time["meta"]["seconds_worked"] == 300
    sent = len(live_events.sent)
    with live_events.capture():
        tracker.pause(user=world.owner)  # no change, no news
    assert len(live_events.sent) == sent
