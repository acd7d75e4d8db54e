from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.projects import events, messages
from apps.projects.models import ProjectMembership, Section, Task, TaskRole, UserTask, WorkDayTask
from apps.work.models import WorkDay

TASK_FIELDS = ("title", "description", "url", "priority", "owner_user", "section")
FLAGS = ("today_yn", "starred_yn", "next_shift_yn", "priority")


@transaction.atomic
def _check_section(section: Section) -> None:
    if section.removed_yn:  # its tasks would vanish from the list page yet count in the badges
        raise ValidationError({"section": [messages.SECTION_REMOVED]})


def _check_owner(owner, *, project_id: int) -> None:
    if not ProjectMembership.objects.filter(project_id=project_id, user=owner).exists():
        raise ValidationError({"owner_user": [messages.OWNER_NOT_MEMBER]})


def task_create(
    *,
    user,
    section: Section,
    title: str,
    description: str = "",
    url: str | None = None,
    priority: int = 0,
    owner_user=None,
) -> Task:
    """A task in a section; its owner (the creator unless named) is joined to it as owner."""
    _check_section(section)
    if owner_user is not None:
        _check_owner(owner_user, project_id=section.task_list.parent_project_id)
    owner = owner_user or user
    task = Task.objects.create(
        task_list_id=section.task_list_id,
        section=section,
        title=title.strip(),
        description=description,
        url=url,
        priority=priority,
        owner_user=owner,
    )
    user_task = UserTask.objects.create(task=task, user=owner, role_enum=TaskRole.OWNER)
    events.publish_new_task(task=task, project_id=section.task_list.parent_project_id, actor=user)
    events.publish_user_task(user_task=user_task, action="create", user=owner)
    return task


@transaction.atomic
def task_update(*, task: Task, data: dict) -> Task:
    changed = [field for field in TASK_FIELDS if field in data]
    if "section" in data:
        if data["section"].task_list_id != task.task_list_id:
            raise ValidationError({"section": ["Choose a section of the task's list."]})
        _check_section(data["section"])
    if data.get("owner_user") is not None:
        _check_owner(data["owner_user"], project_id=task.task_list.parent_project_id)
    for field in changed:
        value = data[field]
        setattr(task, field, value.strip() if field == "title" else value)
    if changed:
        task.save(update_fields=[*changed, "updated_at"])
    return task


@transaction.atomic
def task_set_archived(*, task: Task, archived_yn: bool) -> Task:
    if task.archived_yn != archived_yn:
        task.archived_yn = archived_yn
        task.archived_at = timeutils.now() if archived_yn else None
        task.save(update_fields=["archived_yn", "archived_at", "updated_at"])
    return task


def _current_work_day(user) -> WorkDay | None:
    return WorkDay.objects.filter(user=user, work_date=timeutils.local_today(user.timezone)).first()


def _sync_work_day(*, user, task_id: int, today_yn: bool) -> None:
    """Today set to true adds the task to the user's work day; false removes it (spec 01 §4).
    Without a work day today (not entered the office yet) there is nothing to link."""
    work_day = _current_work_day(user)
    if work_day is None:
        return
    if today_yn:
        _, created = WorkDayTask.objects.get_or_create(
            work_day=work_day, task_id=task_id, defaults={"user": user}
        )
        if created:
            events.publish_task_added_to_work_day(user=user, task_id=task_id, work_day_id=work_day.pk)
    else:
        deleted, _ = WorkDayTask.objects.filter(work_day=work_day, task_id=task_id).delete()
        if deleted:
            events.publish_task_removed_from_work_day(user=user, task_id=task_id, work_day_id=work_day.pk)


def _apply_flags(user_task: UserTask, flags: dict) -> list[str]:
    changed = []
    for field in FLAGS:
        if field in flags and getattr(user_task, field) != flags[field]:
            setattr(user_task, field, flags[field])
            changed.append(field)
    return changed


@transaction.atomic
def user_task_set(*, user, task: Task, flags: dict) -> tuple[UserTask, bool]:
    """The user's join to the task with these flags, created if missing. Returns (row, created)."""
    # A missing row cannot be locked: the user's row serialises their flag writes (the same lock
    # status changes take), so two first toggles of one task cannot both insert.
    lock_user(user)
    user_task = UserTask.objects.select_for_update().filter(task=task, user=user).first()
    created = user_task is None
    if created:
        user_task = UserTask(task=task, user=user)
        _apply_flags(user_task, flags)
        user_task.save()
        changed = [f for f in FLAGS if f in flags]
    else:
        changed = _apply_flags(user_task, flags)
        if changed:
            user_task.save(update_fields=[*changed, "updated_at"])
    if "today_yn" in changed:
        _sync_work_day(user=user, task_id=task.pk, today_yn=user_task.today_yn)
    if created or changed:
        events.publish_user_task(user_task=user_task, action="create" if created else "update", user=user)
    return user_task, created


@transaction.atomic
def user_task_update(*, user_task: UserTask, flags: dict) -> UserTask:
    user_task, _ = user_task_set(user=user_task.user, task=user_task.task, flags=flags)
    return user_task
