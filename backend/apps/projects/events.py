"""The project events of spec 02 §4, and who receives each.

Membership and task events go to the project's members (they see the member tables and the
lists); personal flags and work-day links go to the one user they belong to.
"""

from __future__ import annotations

from apps.projects.models import AccessType, Project, ProjectMembership, TaskList
from apps.realtime.events import Event, build_message, publish


def project_member_ids(project_id: int) -> list[int]:
    """Who may see the project now: its members, or only its owners while it is archived."""
    memberships = ProjectMembership.objects.filter(project_id=project_id)
    if Project.objects.filter(pk=project_id, archived_yn=True).exists():
        memberships = memberships.filter(access_type_enum=AccessType.OWNER)
    return list(memberships.values_list("user_id", flat=True))


def publish_project_membership(
    event: Event, *, membership, action: str, actor, recipients: list[int] | None = None
) -> None:
    message = build_message(
        event,
        action=action,
        table_name="project_membership",
        resource_id=membership.pk,
        email=membership.user.email,
        meta={
            "project_id": membership.project_id,
            "user_id": membership.user_id,
            "actor_id": actor.pk,
            "access_type_enum": membership.access_type_enum,
            "project_role": membership.project_role,
        },
    )
    ids = recipients if recipients is not None else project_member_ids(membership.project_id)
    publish(message, user_ids=ids)


def publish_task_list_membership(
    event: Event, *, membership, project_id: int, action: str, actor, extra: list[int] = ()
) -> None:
    message = build_message(
        event,
        action=action,
        table_name="tasklist_membership",
        resource_id=membership.pk,
        email=membership.user.email,
        meta={
            "project_id": project_id,
            "task_list_id": membership.task_list_id,
            "user_id": membership.user_id,
            "actor_id": actor.pk,
        },
    )
    publish(message, user_ids=[*project_member_ids(project_id), *extra])


def publish_new_task(*, task, project_id: int, actor) -> None:
    message = build_message(
        Event.NEW_TASK,
        action="create",
        table_name="task",
        resource_id=task.pk,
        email=actor.email,
        meta={
            "project_id": project_id,
            "task_list_id": task.task_list_id,
            "section_id": task.section_id,
            "actor_id": actor.pk,
        },
    )
    publish(message, user_ids=project_member_ids(project_id))


def publish_user_task(*, user_task, action: str, user) -> None:
    message = build_message(
        Event.NEW_JOIN_TASK_TO_USER,
        action=action,
        table_name="user_task",
        resource_id=user_task.pk,
        email=user.email,
        meta={
            "task_id": user_task.task_id,
            "today_yn": user_task.today_yn,
            "starred_yn": user_task.starred_yn,
            "next_shift_yn": user_task.next_shift_yn,
        },
    )
    publish(message, user_ids=[user.pk])


def publish_work_day_task(event: Event, *, user, task_id: int, work_day_id: int, action: str) -> None:
    message = build_message(
        event,
        action=action,
        table_name="work_day_task",
        resource_id=task_id,
        email=user.email,
        meta={"task_id": task_id, "work_day_id": work_day_id},
    )
    publish(message, user_ids=[user.pk])


def publish_project_removed_from_work_day(*, user, project_id: int, work_day_id: int | None) -> None:
    message = build_message(
        Event.REMOVED_PROJECT_FROM_WORKDAY,
        action="delete",
        table_name="work_day_task",
        resource_id=project_id,
        email=user.email,
        meta={"project_id": project_id, "work_day_id": work_day_id},
    )
    publish(message, user_ids=[user.pk])


def publish_sections_changed(*, task_list_id: int, action: str, actor=None) -> None:
    project_id = TaskList.objects.filter(pk=task_list_id).values_list("parent_project_id", flat=True).first()
    if project_id is None:
        return
    message = build_message(
        Event.SECTIONS_CHANGED,
        action=action,
        table_name="section",
        resource_id=task_list_id,
        email=actor.email if actor is not None else "",
        meta={
            "project_id": project_id,
            "task_list_id": task_list_id,
            "actor_id": actor.pk if actor is not None else None,
        },
    )
    publish(message, user_ids=project_member_ids(project_id))
