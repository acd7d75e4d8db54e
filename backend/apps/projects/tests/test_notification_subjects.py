"""Notifications whose subject is gone disappear with it (issue 26): a deleted task takes the
notifications about it, a deleted project those about it and its tasks; others stay."""

import pytest

from apps.accounts import notifications
from apps.accounts.models import Notification
from apps.projects.models import Task
from apps.projects.services import projects as project_services
from apps.projects.services import tasks as task_services
from apps.projects.tests.factories import TaskFactory

pytestmark = pytest.mark.django_db


def test_deleting_a_task_or_a_project_takes_their_notifications(world):
    other = TaskFactory(section=world.section, owner_user=world.owner, title="Other")
    for task in (world.task, other):
        notifications.notify(
            user_ids=[world.member.pk],
            kind="activity_submitted",
            text=f"About {task.title}",
            actor=world.owner,
            project=world.project,
            task=task,
        )
    notifications.notify(
        user_ids=[world.member.pk],
        kind="added_to_project",
        text="Added",
        actor=world.owner,
        project=world.project,
    )
    task_services.task_delete(task=world.task, actor=world.owner)
    assert sorted(Notification.objects.values_list("text", flat=True)) == ["About Other", "Added"]

    world.project.archived_yn = True
    world.project.save()
    project_services.project_delete(project=world.project)
    assert not Notification.objects.exists()
    assert not Task.objects.filter(pk=other.pk).exists()
