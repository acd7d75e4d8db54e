from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.models import NotificationKind
from apps.projects import events, messages
from apps.projects.events import project_member_ids
from apps.projects.models import (
    AccessType,
    Project,
    ProjectMembership,
    TaskList,
    TaskListMembership,
    UserTask,
    WorkDayTask,
)
from apps.projects.services import notices
from apps.projects.services.time import day_tasks


def _lock_project(project_id: int) -> None:
    # Serialises membership changes of one project, so two removals cannot both pass the
    # "at least one owner" check and leave none.
    Project.objects.select_for_update().filter(pk=project_id).first()


def _owner_count(project_id: int) -> int:
    return ProjectMembership.objects.filter(project_id=project_id, access_type_enum=AccessType.OWNER).count()


@transaction.atomic
def project_membership_create(
    *, actor, project: Project, user, access_type_enum: str = AccessType.MEMBER, project_role: str = ""
) -> ProjectMembership:
    if user.workspace_id != project.workspace_id:
        raise ValidationError({"user": [messages.USER_NOT_IN_WORKSPACE]})
    if project.personal_user_id:
        raise ValidationError({"project": [messages.PERSONAL_PROJECT_NOT_SHARED]})
    _lock_project(project.pk)
    if ProjectMembership.objects.filter(project=project, user=user).exists():
        raise ValidationError({"user": [messages.ALREADY_PROJECT_MEMBER]})
    membership = ProjectMembership.objects.create(
        project=project, user=user, access_type_enum=access_type_enum, project_role=project_role
    )
    events.publish_user_added_to_project(membership=membership, actor=actor)
    notices.membership_changed(
        kind=NotificationKind.ADDED_TO_PROJECT, actor=actor, user=user, project=project
    )
    return membership


@transaction.atomic
def project_membership_update(
    *, actor, membership: ProjectMembership, access_type_enum: str, project_role: str
) -> ProjectMembership:
    _lock_project(membership.project_id)
    if (
        membership.access_type_enum == AccessType.OWNER
        and access_type_enum != AccessType.OWNER
        and _owner_count(membership.project_id) <= 1
    ):
        raise ValidationError({"access_type_enum": [messages.LAST_OWNER]})
    membership.access_type_enum = access_type_enum
    membership.project_role = project_role
    membership.save(update_fields=["access_type_enum", "project_role", "updated_at"])
    events.publish_project_role_updated(membership=membership, actor=actor)
    return membership


@transaction.atomic
def project_membership_delete(*, actor, membership: ProjectMembership) -> None:
    """Removes the user from the project, its lists, their Today on it and their work day.

    The removed user hears remove_user_from_project too: that ends in the dialog 'Your
    membership for this project has been removed.' (spec 01 §4).
    """
    project_id = membership.project_id
    _lock_project(project_id)
    if membership.access_type_enum == AccessType.OWNER and _owner_count(project_id) <= 1:
        raise ValidationError({"detail": [messages.LAST_OWNER]})
    user = membership.user
    recipients = project_member_ids(project_id)
    TaskListMembership.objects.filter(task_list__parent_project_id=project_id, user=user).delete()
    today = UserTask.objects.filter(task__task_list__parent_project_id=project_id, user=user, today_yn=True)
    had_today = today.exists()
    today.update(today_yn=False)
    links = WorkDayTask.objects.filter(user=user, task__task_list__parent_project_id=project_id)
    work_day_id = links.values_list("work_day_id", flat=True).first()
    # Their hours on the project go to unallocated, and a tracker on one of its tasks stops.
    for day_id in sorted(set(links.values_list("work_day_id", flat=True))):
        task_ids = list(links.filter(work_day_id=day_id).values_list("task_id", flat=True))
        day_tasks.release_work_day_tasks(user=user, work_day_id=day_id, task_ids=task_ids)
    links.delete()
    membership_id = membership.pk
    membership.delete()
    membership.pk = membership_id  # the event names the row that was removed
    events.publish_user_removed_from_project(membership=membership, actor=actor, recipients=recipients)
    notices.membership_changed(
        kind=NotificationKind.REMOVED_FROM_PROJECT, actor=actor, user=user, project=membership.project
    )
    if had_today or work_day_id:
        events.publish_project_removed_from_work_day(
            user=user, project_id=project_id, work_day_id=work_day_id
        )


@transaction.atomic
def task_list_membership_create(
    *,
    actor,
    task_list: TaskList,
    user,
    access_type_enum: str = AccessType.MEMBER,
    show_list_in_sidebar_yn: bool = True,
) -> TaskListMembership:
    project_id = task_list.parent_project_id
    if not ProjectMembership.objects.filter(project_id=project_id, user=user).exists():
        raise ValidationError({"user": [messages.NOT_PROJECT_MEMBER]})
    _lock_project(project_id)
    if TaskListMembership.objects.filter(task_list=task_list, user=user).exists():
        raise ValidationError({"user": [messages.ALREADY_LIST_MEMBER]})
    membership = TaskListMembership.objects.create(
        task_list=task_list,
        user=user,
        access_type_enum=access_type_enum,
        show_list_in_sidebar_yn=show_list_in_sidebar_yn,
    )
    events.publish_user_added_to_task_list(membership=membership, project_id=project_id, actor=actor)
    notices.membership_changed(
        kind=NotificationKind.ADDED_TO_LIST,
        actor=actor,
        user=user,
        project=task_list.parent_project,
        task_list=task_list,
    )
    return membership


@transaction.atomic
def task_list_membership_set_sidebar(
    *, membership: TaskListMembership, show_list_in_sidebar_yn: bool
) -> TaskListMembership:
    # Only the member's own sidebar changes: no one else needs to hear of it.
    membership.show_list_in_sidebar_yn = show_list_in_sidebar_yn
    membership.save(update_fields=["show_list_in_sidebar_yn", "updated_at"])
    return membership


@transaction.atomic
def task_list_membership_delete(*, actor, membership: TaskListMembership) -> None:
    project_id = membership.task_list.parent_project_id
    membership_id = membership.pk
    membership.delete()
    membership.pk = membership_id
    events.publish_user_removed_from_task_list(membership=membership, project_id=project_id, actor=actor)
    notices.membership_changed(
        kind=NotificationKind.REMOVED_FROM_LIST,
        actor=actor,
        user=membership.user,
        project=membership.task_list.parent_project,
        task_list=membership.task_list,
    )
