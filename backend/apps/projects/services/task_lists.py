from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from apps.projects import messages
from apps.projects.models import AccessType, Project, TaskList, TaskListMembership


def _clean(title: str) -> str:
    return " ".join((title or "").split())


def _check_title(*, project_id: int, title: str, exclude_id: int | None = None) -> None:
    if not title:
        raise ValidationError({"title": [messages.TASK_LIST_TITLE_REQUIRED]})
    if (
        TaskList.objects.filter(parent_project_id=project_id, title__iexact=title)
        .exclude(pk=exclude_id)
        .exists()
    ):
        raise ValidationError({"title": [messages.DUPLICATE_TASK_LIST_TITLE]})


def _save(task_list: TaskList, **kwargs) -> None:
    try:
        with transaction.atomic():
            task_list.save(**kwargs)
    except IntegrityError:  # a concurrent write took the title
        raise ValidationError({"title": [messages.DUPLICATE_TASK_LIST_TITLE]}) from None


@transaction.atomic
def task_list_create(
    *, user, project: Project, title: str, archived_yn: bool = False, removed_yn: bool = False
) -> TaskList:
    """A new list; its creator (an owner) becomes its first member, shown in the sidebar."""
    title = _clean(title)
    _check_title(project_id=project.pk, title=title)
    task_list = TaskList(parent_project=project, title=title, archived_yn=archived_yn, removed_yn=removed_yn)
    _save(task_list)
    TaskListMembership.objects.create(task_list=task_list, user=user, access_type_enum=AccessType.OWNER)
    return task_list


@transaction.atomic
def task_list_update(
    *, task_list: TaskList, title: str | None = None, archived_yn: bool | None = None
) -> TaskList:
    changed = []
    if title is not None:
        title = _clean(title)
        _check_title(project_id=task_list.parent_project_id, title=title, exclude_id=task_list.pk)
        task_list.title = title
        changed.append("title")
    if archived_yn is not None:
        task_list.archived_yn = archived_yn
        changed.append("archived_yn")
    if changed:
        _save(task_list, update_fields=[*changed, "updated_at"])
    return task_list
