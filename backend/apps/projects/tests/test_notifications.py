"""Who is notified of what (docs/activities.md, "Notifications"), through the real calls."""

import pytest

from apps.accounts.models import Notification
from apps.projects.services import activities
from apps.projects.tests.factories import TaskFactory, UserTaskFactory

pytestmark = pytest.mark.django_db

P = "/api/projects"


def kinds(user) -> list[str]:
    return list(Notification.objects.filter(user=user).order_by("id").values_list("kind", flat=True))


def test_added_to_and_removed_from_a_project(world):
    owner = world.clients["owner"]
    answer = owner.post(
        f"{P}/project_memberships/",
        {
            "project": world.project.pk,
            "user": world.outsider.pk,
            "access_type_enum": "member",
            "project_role": "",
        },
        format="json",
    )
    assert answer.status_code == 201
    notification = Notification.objects.get(user=world.outsider)
    assert (notification.kind, notification.project_id, notification.project_title, notification.actor) == (
        "added_to_project",
        world.project.pk,
        "Apollo",
        world.owner,
    )
    assert owner.delete(f"{P}/project_memberships/{answer.json()['id']}/").status_code == 204
    assert kinds(world.outsider) == ["added_to_project", "removed_from_project"]
    assert kinds(world.owner) == []  # the actor is never told of their own act


def test_added_to_and_removed_from_a_list(world):
    owner = world.clients["owner"]
    answer = owner.post(
        f"{P}/task_list_memberships/",
        {"task_list": world.task_list.pk, "user": world.newcomer.pk, "access_type_enum": "member"},
        format="json",
    )
    assert answer.status_code == 201
    assert owner.delete(f"{P}/task_list_memberships/{answer.json()['id']}/").status_code == 204
    assert kinds(world.newcomer) == ["added_to_list", "removed_from_list"]
    assert Notification.objects.filter(user=world.newcomer).first().list_title == "Backlog"


def test_leaving_a_list_oneself_notifies_nobody(world):
    assert (
        world.clients["member"]
        .delete(f"{P}/task_list_memberships/{world.member_list_membership.pk}/")
        .status_code
        == 204
    )
    assert Notification.objects.count() == 0


def test_a_submitted_activity_notifies_the_task_owner_and_members_but_not_the_author(world):
    UserTaskFactory(task=world.task, user=world.newcomer)
    UserTaskFactory(task=world.task, user=world.outsider)  # a stale join: not in the project
    answer = world.clients["member"].post(
        "/api/activities/",
        {"task": world.task.pk, "text_json": {"section_text": "x"}},
        format="json",
    )
    assert answer.status_code == 404  # (the create path is /activity/)
    activities.activity_create(user=world.member, task=world.task, text_json={"section_text": "Draft"})
    assert Notification.objects.count() == 0  # a draft tells no one
    activities.activity_create(
        user=world.member, task=world.task, text_json={"section_text": "Done."}, submit=True
    )
    assert kinds(world.owner) == ["activity_submitted"]
    assert kinds(world.newcomer) == ["activity_submitted"]
    assert kinds(world.member) == [] and kinds(world.outsider) == []
    row = Notification.objects.get(user=world.owner)
    assert (row.task_id, row.list_id, row.project_id) == (world.task.pk, world.task_list.pk, world.project.pk)


def test_a_confirmed_activity_notifies_its_author(world):
    task = TaskFactory(section=world.section, owner_user=world.owner)
    activity = activities.activity_create(
        user=world.member, task=task, text_json={"section_text": "Done."}, submit=True
    )
    assert world.clients["owner"].post(f"/api/activities/activity/{activity.pk}/confirm/").status_code == 200
    assert kinds(world.member) == ["activity_confirmed"]
    # Confirming one's own activity tells no one.
    own = activities.activity_create(
        user=world.owner, task=task, text_json={"section_text": "Mine."}, submit=True
    )
    activities.activity_confirm(user=world.owner, activity=own)
    assert kinds(world.owner) == ["activity_submitted"]
