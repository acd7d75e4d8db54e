"""Who may see and change what: the one place of this app that decides.

Visibility is membership. A user sees a project only if it is in their workspace and they
hold a project membership; an archived project is seen only by its owners (its members lose
access until it is unarchived). Lists, sections and tasks are seen through their project.
Anything not visible answers 404, never its data. Owner-only actions on a visible project
answer 403.

Workspace ADMINs act as owners for the project itself (edit, archive, delete) of any project of
their workspace; the lists and tasks inside still need a membership.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from rest_framework.exceptions import PermissionDenied

from apps.accounts import members
from apps.projects import messages
from apps.projects.models import (
    AccessType,
    Project,
    ProjectMembership,
    Section,
    Task,
    TaskList,
    TaskListMembership,
    UserTask,
)


def is_workspace_admin(user) -> bool:
    """ADMIN role or user type Admin / Owner (spec 02 §6): one rule, in accounts."""
    return members.is_workspace_admin(user)


def visible_projects(user) -> QuerySet[Project]:
    """Projects the user may open: member of an active one, or owner of an archived one."""
    mine = ProjectMembership.objects.filter(project=OuterRef("pk"), user=user)
    owned = mine.filter(access_type_enum=AccessType.OWNER)
    return Project.objects.filter(workspace_id=user.workspace_id).filter(
        Q(Exists(mine), archived_yn=False) | Q(Exists(owned), archived_yn=True)
    )


def admin_projects(user) -> QuerySet[Project]:
    """What a workspace ADMIN manages: every shared project of the workspace and their own
    'Personal Tasks' (other people's personal projects stay private, even to admins)."""
    return Project.objects.filter(workspace_id=user.workspace_id).filter(
        Q(personal_user__isnull=True) | Q(personal_user=user)
    )


def visible_project_ids(user) -> QuerySet:
    return visible_projects(user).values("pk")


def visible_task_lists(user) -> QuerySet[TaskList]:
    return TaskList.objects.filter(parent_project__in=visible_project_ids(user), removed_yn=False)


def visible_sections(user) -> QuerySet[Section]:
    return Section.objects.filter(task_list__in=visible_task_lists(user).values("pk"))


def visible_tasks(user) -> QuerySet[Task]:
    return Task.objects.filter(task_list__in=visible_task_lists(user).values("pk"))


def visible_user_tasks(user) -> QuerySet[UserTask]:
    return UserTask.objects.filter(task__in=visible_tasks(user).values("pk"))


def is_project_owner(user, project_id: int) -> bool:
    return ProjectMembership.objects.filter(
        project_id=project_id, user=user, access_type_enum=AccessType.OWNER
    ).exists()


def require_owner(user, project_id: int) -> None:
    if not is_project_owner(user, project_id):
        raise PermissionDenied(messages.ONLY_OWNERS)


def get_or_404(queryset: QuerySet, pk) -> object:
    try:
        return queryset.get(pk=int(pk))
    except (queryset.model.DoesNotExist, TypeError, ValueError):
        raise Http404 from None


def project_for(user, project_id, *, owner: bool = False, admin_ok: bool = False) -> Project:
    """The project if the user may see it; with `owner`, also that they may manage it."""
    if admin_ok and is_workspace_admin(user):
        return get_or_404(admin_projects(user), project_id)
    project = get_or_404(visible_projects(user), project_id)
    if owner:
        require_owner(user, project.pk)
    return project


def task_list_for(user, task_list_id, *, owner: bool = False) -> TaskList:
    task_list = get_or_404(visible_task_lists(user).select_related("parent_project"), task_list_id)
    if owner:
        require_owner(user, task_list.parent_project_id)
    return task_list


def section_for(user, section_id, *, owner: bool = False) -> Section:
    section = get_or_404(visible_sections(user).select_related("task_list"), section_id)
    if owner:
        require_owner(user, section.task_list.parent_project_id)
    return section


def task_for(user, task_id) -> Task:
    return get_or_404(visible_tasks(user).select_related("task_list"), task_id)


def project_membership_for(user, membership_id) -> ProjectMembership:
    return get_or_404(
        ProjectMembership.objects.filter(Q(project__in=visible_project_ids(user)) | Q(user=user))
        .filter(project__workspace_id=user.workspace_id)
        .select_related("project", "user"),
        membership_id,
    )


def task_list_membership_for(user, membership_id) -> TaskListMembership:
    return get_or_404(
        TaskListMembership.objects.filter(task_list__in=visible_task_lists(user).values("pk")).select_related(
            "task_list", "user"
        ),
        membership_id,
    )


def own_user_task_for(user, user_task_id) -> UserTask:
    """Personal flags are the user's own: another user's join answers 404."""
    return get_or_404(visible_user_tasks(user).filter(user=user).select_related("task"), user_task_id)


def is_task_manager(user, task: Task) -> bool:
    """The task owner or an owner of its project: they change its owner and members and delete it."""
    return task.owner_user_id == user.pk or is_project_owner(user, task.task_list.parent_project_id)


def require_task_manager(user, task: Task) -> None:
    if not is_task_manager(user, task):
        raise PermissionDenied(messages.ONLY_TASK_OWNERS)


def check_task_update(user, task: Task, fields: dict) -> None:
    """Any project member edits a task; a change of its owner or its members needs a manager
    (sending the current owner or members again is no change)."""
    owner = fields.get("owner_user", task.owner_user_id)
    owner_changes = "owner_user" in fields and owner != task.owner_user_id
    members_change = "members" in fields and set(fields["members"]) - {owner} != set(
        UserTask.objects.filter(task=task)
        .exclude(user_id=task.owner_user_id)
        .values_list("user_id", flat=True)
    )
    if owner_changes or members_change:
        require_task_manager(user, task)
