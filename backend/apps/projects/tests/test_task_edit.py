"""The task as a whole object: who edits which field, who deletes, and who hears of it.

`world`: owner (project owner, owns `task`), member and newcomer (project members), outsider (same
workspace, not in the project), stranger (another workspace)."""

import pytest

from apps.projects import messages
from apps.projects.models import Task, TaskRole, UserTask, WorkDayTask
from apps.projects.tests.factories import TaskFactory, UserTaskFactory
from apps.projects.tests.test_memberships import events
from apps.work.models import WorkDay
from apps.work.services import status as work_services

pytestmark = pytest.mark.django_db

P = "/api/projects"


def url(task) -> str:
    return f"{P}/task/{task.pk}/"


def joins(task) -> dict[int, str]:
    return dict(UserTask.objects.filter(task=task).values_list("user_id", "role_enum"))


def test_a_member_edits_title_priority_url_and_description(world, published):
    response = world.clients["member"].patch(
        url(world.task),
        {"title": "  Write the spec well ", "priority": 2, "url": "https://example.org/spec"},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["title"], body["priority"], body["url"]) == (
        "Write the spec well",
        2,
        "https://example.org/spec",
    )
    assert (body["task_list_title"], body["section_title"]) == ("Backlog", "Doing")
    [(message, users)] = events(published, "task_updated")
    assert users == sorted([world.owner.pk, world.member.pk, world.newcomer.pk])
    assert message["meta"]["actor_id"] == world.member.pk and message["resource_id"] == world.task.pk


def test_bad_input_answers_400_and_changes_nothing(world, published):
    client = world.clients["member"]
    for body, field in (
        ({"title": "  "}, "title"),
        ({"priority": 4}, "priority"),
        ({"url": "not a link"}, "url"),
        ({"members": ["x"]}, "members"),
    ):
        answer = client.patch(url(world.task), body, format="json")
        assert answer.status_code == 400 and field in answer.json(), body
    assert client.patch(url(world.task), {"title": " "}, format="json").json() == {
        "title": [messages.TASK_TITLE_REQUIRED]
    }
    world.task.refresh_from_db()
    assert (world.task.title, world.task.priority, world.task.url) == ("Write the spec", 0, None)
    assert not events(published, "task_updated")


def test_nothing_changed_publishes_nothing(world, published):
    answer = world.clients["member"].patch(url(world.task), {"title": "Write the spec"}, format="json")
    assert answer.status_code == 200 and not events(published, "task_updated")


def test_non_members_get_404_for_every_call(world):
    for who in ("outsider", "stranger"):
        client = world.clients[who]
        assert client.patch(url(world.task), {"title": "Mine"}, format="json").status_code == 404
        assert client.delete(url(world.task)).status_code == 404
    assert Task.objects.get(pk=world.task.pk).title == "Write the spec"


def test_owner_and_members_change_only_by_a_manager(world):
    member = world.clients["member"]
    for body in ({"owner_user": world.member.pk}, {"members": [world.newcomer.pk]}):
        answer = member.patch(url(world.task), body, format="json")
        assert answer.status_code == 403 and answer.json() == {"detail": messages.ONLY_TASK_OWNERS}
    assert joins(world.task) == {world.owner.pk: TaskRole.OWNER}
    # Sending the current values again is no change, so a member may.
    same = member.patch(url(world.task), {"owner_user": world.owner.pk, "members": []}, format="json")
    assert same.status_code == 200


def test_the_task_owner_who_is_no_project_owner_manages_their_task(world):
    task = TaskFactory(section=world.section, owner_user=world.member, title="Milo's")
    UserTaskFactory(task=task, user=world.member, role_enum=TaskRole.OWNER)
    answer = world.clients["member"].patch(url(task), {"members": [world.newcomer.pk]}, format="json")
    assert answer.status_code == 200
    assert {m["id"]: m["role_enum"] for m in answer.json()["members"]} == {
        world.member.pk: "owner",
        world.newcomer.pk: "contributor",
    }


def test_a_new_owner_takes_the_owner_role_and_the_old_one_stays_a_member(world, published):
    answer = world.clients["owner"].patch(url(world.task), {"owner_user": world.member.pk}, format="json")
    assert answer.status_code == 200 and answer.json()["owner_user"] == world.member.pk
    assert joins(world.task) == {world.owner.pk: TaskRole.CONTRIBUTOR, world.member.pk: TaskRole.OWNER}
    # The old owner keeps their flags; now only a project owner or the new task owner manages it.
    assert UserTask.objects.get(task=world.task, user=world.owner).starred_yn is True
    assert len(events(published, "task_updated")) == 1
    refused = world.clients["owner"].patch(url(world.task), {"owner_user": world.outsider.pk}, format="json")
    assert refused.status_code == 400 and refused.json() == {"owner_user": [messages.OWNER_NOT_MEMBER]}


def test_members_are_project_members_and_leaving_clears_the_work_day_link(world, published, clock):
    owner = world.clients["owner"]
    refused = owner.patch(url(world.task), {"members": [world.outsider.pk, world.member.pk]}, format="json")
    assert refused.status_code == 400 and refused.json() == {"members": [messages.MEMBERS_NOT_IN_PROJECT]}
    stranger = owner.patch(url(world.task), {"members": [world.stranger.pk]}, format="json")
    assert stranger.status_code == 400
    assert joins(world.task) == {world.owner.pk: TaskRole.OWNER}

    added = owner.patch(url(world.task), {"members": [world.member.pk, world.newcomer.pk]}, format="json")
    assert [m["id"] for m in added.json()["members"]] == [world.owner.pk, world.member.pk, world.newcomer.pk]

    work_services.status_change(user=world.member, status="working")
    world.clients["member"].post(f"{P}/user_task/", {"task": world.task.pk, "today_yn": True})
    work_day = WorkDay.objects.get(user=world.member)
    assert WorkDayTask.objects.filter(task=world.task, user=world.member).exists()
    published.clear()
    kept = owner.patch(url(world.task), {"members": [world.newcomer.pk]}, format="json")
    assert [m["id"] for m in kept.json()["members"]] == [world.owner.pk, world.newcomer.pk]
    assert not WorkDayTask.objects.filter(task=world.task, user=world.member).exists()
    [(removed, to)] = events(published, "removed_task_from_workday")
    assert to == [world.member.pk] and removed["meta"]["work_day_id"] == work_day.pk
    assert len(events(published, "task_updated")) == 1


def test_delete_by_the_task_owner_or_a_project_owner_only(world, published):
    member_task = TaskFactory(section=world.section, owner_user=world.member, title="Milo's")
    UserTaskFactory(task=member_task, user=world.member, role_enum=TaskRole.OWNER)
    UserTaskFactory(task=world.task, user=world.member, starred_yn=True)

    refused = world.clients["member"].delete(url(world.task))
    assert refused.status_code == 403 and refused.json() == {"detail": messages.ONLY_TASK_OWNERS}
    assert Task.objects.filter(pk=world.task.pk).exists() and not events(published, "task_deleted")

    assert world.clients["member"].delete(url(member_task)).status_code == 204
    assert world.clients["owner"].delete(url(world.task)).status_code == 204
    assert not Task.objects.filter(pk__in=[world.task.pk, member_task.pk]).exists()
    assert not UserTask.objects.filter(task_id__in=[world.task.pk, member_task.pk]).exists()
    assert world.clients["owner"].get(url(world.task)).status_code == 404
    deleted = events(published, "task_deleted")
    assert [m["resource_id"] for m, _ in deleted] == [member_task.pk, world.task.pk]
    assert all(to == sorted([world.owner.pk, world.member.pk, world.newcomer.pk]) for _, to in deleted)


def test_archive_stays_and_tells_the_project(world, published):
    client = world.clients["member"]
    assert client.post(f"{url(world.task)}archive/").json()["archived_yn"] is True
    assert client.post(f"{url(world.task)}unarchive/").json()["archived_yn"] is False
    assert [m["action"] for m, _ in events(published, "task_updated")] == ["update", "update"]
