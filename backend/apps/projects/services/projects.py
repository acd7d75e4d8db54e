from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from apps.accounts import notifications
from apps.accounts.members import is_workspace_admin
from apps.accounts.models import Workspace
from apps.projects import messages
from apps.projects.models import (
    DEFAULT_TASK_LIST_TITLE,
    PERSONAL_PROJECT_COLOR,
    PERSONAL_PROJECT_TITLE,
    AccessType,
    Project,
    ProjectColor,
    ProjectMembership,
    Task,
    TaskList,
    TaskListMembership,
)
from apps.projects.selectors import colors_for
from apps.projects.services.sections import section_create

PROJECT_FIELDS = (
    "title",
    "description",
    "color",
    "archived_yn",
    "show_get_started_message_yn",
    "auto_activity",
)


def _clean_title(title: str) -> str:
    return " ".join((title or "").split())


def titles_seen_by(user) -> QuerySet[Project]:
    """The shared projects whose titles a new or renamed project of `user` must not repeat:
    those the user belongs to (any role, archived too), and for a workspace ADMIN, who sees
    them all, every shared project of the workspace. Never projects hidden from the user, so
    the duplicate answer reveals nothing (docs/api.md, Projects)."""
    shared = Project.objects.filter(workspace_id=user.workspace_id, personal_user__isnull=True)
    if is_workspace_admin(user):
        return shared
    return shared.filter(memberships__user=user)


def _check_project_title(*, user, title: str, exclude_id: int | None = None) -> None:
    # Serialises one user's creates and renames, so two at once cannot both pass the check.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    if titles_seen_by(user).filter(title__iexact=title).exclude(pk=exclude_id).exists():
        raise ValidationError({"title": [messages.DUPLICATE_PROJECT_TITLE]})


CUSTOM_COLORS_PER_WORKSPACE = 50


@transaction.atomic
def color_create(*, user, value: str, title: str = "") -> ProjectColor:
    """A custom colour for the caller's workspace, at most CUSTOM_COLORS_PER_WORKSPACE of them."""
    if user.workspace_id is None:
        raise PermissionDenied(messages.NO_WORKSPACE_COLORS)
    # Serialises the workspace's colour creates: the count and duplicate checks hold.
    Workspace.objects.select_for_update().filter(pk=user.workspace_id).first()
    value = value.strip()
    if colors_for(workspace_id=user.workspace_id).filter(value__iexact=value).exists():
        raise ValidationError({"value": [messages.DUPLICATE_COLOR]})
    if ProjectColor.objects.filter(workspace_id=user.workspace_id).count() >= CUSTOM_COLORS_PER_WORKSPACE:
        raise ValidationError({"value": [messages.TOO_MANY_COLORS]})
    return ProjectColor.objects.create(
        value=value, title=title.strip() or value, workspace_id=user.workspace_id
    )


@transaction.atomic
def project_create(
    *,
    user,
    title: str,
    color: ProjectColor,
    description: str = "",
    task_list_title: str = "",
    show_get_started_message_yn: bool = True,
    auto_activity: str | None = None,
) -> Project:
    """A project with its first task list; the creator owns both."""
    title = _clean_title(title)
    if not title:
        raise ValidationError({"title": [messages.PROJECT_TITLE_REQUIRED]})
    _check_project_title(user=user, title=title)
    fields = {"auto_activity": auto_activity} if auto_activity else {}
    project = Project.objects.create(
        workspace_id=user.workspace_id,
        title=title,
        color=color,
        description=description,
        show_get_started_message_yn=show_get_started_message_yn,
        **fields,
    )
    ProjectMembership.objects.create(project=project, user=user, access_type_enum=AccessType.OWNER)
    task_list = TaskList.objects.create(
        parent_project=project, title=_clean_title(task_list_title) or DEFAULT_TASK_LIST_TITLE
    )
    TaskListMembership.objects.create(task_list=task_list, user=user, access_type_enum=AccessType.OWNER)
    return project


@transaction.atomic
def project_update(*, user, project: Project, data: dict) -> Project:
    """`user` is the caller: a new title is checked against the projects they see."""
    changed = []
    for field in PROJECT_FIELDS:
        if field not in data:
            continue
        value = data[field]
        if field == "title":
            value = _clean_title(value)
            if not value:
                raise ValidationError({"title": [messages.PROJECT_TITLE_REQUIRED]})
            if project.personal_user_id:
                raise ValidationError({"title": [messages.PERSONAL_PROJECT_FIXED]})
            _check_project_title(user=user, title=value, exclude_id=project.pk)
        if field == "archived_yn" and project.personal_user_id and value:
            raise ValidationError({"archived_yn": [messages.PERSONAL_PROJECT_FIXED]})
        setattr(project, field, value)
        changed.append(field)
    if changed:
        project.save(update_fields=[*changed, "updated_at"])
    return project


@transaction.atomic
def project_delete(*, project: Project) -> None:
    """Really deletes: its lists, sections, tasks and memberships go with it."""
    if not project.archived_yn:
        raise ValidationError({"detail": [messages.ONLY_ARCHIVED_PROJECTS_DELETED]})
    task_ids = list(Task.objects.filter(task_list__parent_project=project).values_list("pk", flat=True))
    Task.objects.filter(task_list__parent_project=project).delete()  # sections are PROTECTed by tasks
    notifications.forget_subjects(task_ids=task_ids, project_id=project.pk)
    project.delete()


def project_personal_ensure(*, user) -> Project | None:
    """Each user's own 'Personal Tasks' project, created on first need (grey #0000007F)."""
    return project_personal_get_or_create(user=user)[0]


def project_personal_get_or_create(*, user) -> tuple[Project | None, bool]:
    """The personal project and whether this call created it.

    Read first, outside a transaction: it is almost always there already (the project list
    does not even ask when its answer already shows it)."""
    if not user.workspace_id:
        return None, False
    existing = Project.objects.filter(personal_user=user).first()
    if existing is not None:
        return existing, False
    return _personal_project_create(user=user), True


@transaction.atomic
def _personal_project_create(*, user) -> Project:
    try:
        with transaction.atomic():
            project = Project.objects.create(
                workspace_id=user.workspace_id,
                title=PERSONAL_PROJECT_TITLE,
                color=ProjectColor.objects.get_or_create(
                    value=PERSONAL_PROJECT_COLOR, workspace=None, defaults={"title": PERSONAL_PROJECT_COLOR}
                )[0],
                personal_user=user,
                show_get_started_message_yn=False,
            )
    except IntegrityError:  # two first requests at once: the other one created it
        return Project.objects.get(personal_user=user)
    ProjectMembership.objects.create(project=project, user=user, access_type_enum=AccessType.OWNER)
    task_list = TaskList.objects.create(
        parent_project=project, title=PERSONAL_PROJECT_TITLE, parent_user=user
    )
    TaskListMembership.objects.create(task_list=task_list, user=user, access_type_enum=AccessType.OWNER)
    section_create(task_list=task_list, title="Tasks")
    return project
