"""The membership notifications (docs/activities.md, "Notifications"): a person is told when
someone else adds them to, or removes them from, a project or a task list."""

from __future__ import annotations

from apps.accounts import notifications
from apps.accounts.models import NotificationKind

TEXTS = {
    NotificationKind.ADDED_TO_PROJECT: "{actor} added you to the project '{project}'",
    NotificationKind.REMOVED_FROM_PROJECT: "{actor} removed you from the project '{project}'",
    NotificationKind.ADDED_TO_LIST: "{actor} added you to the list '{list}' of '{project}'",
    NotificationKind.REMOVED_FROM_LIST: "{actor} removed you from the list '{list}' of '{project}'",
}


def membership_changed(*, kind: str, actor, user, project, task_list=None) -> None:
    text = TEXTS[kind].format(
        actor=actor.display_name or actor.full_name or actor.email,
        project=project.title,
        list=task_list.title if task_list is not None else "",
    )
    notifications.notify(
        user_ids=[user.pk], kind=kind, text=text, actor=actor, project=project, task_list=task_list
    )
