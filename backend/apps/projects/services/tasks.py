from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max

from apps.accounts import notifications
from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.projects import events, messages
from apps.projects.models import (
    ProjectMembership,
    Section,
    Task,
    TaskList,
    TaskRole,
    UserTask,
    WorkDayTask,
)
from apps.projects.services import activities

TASK_FIELDS = ("title", "description", "url", "priority", "owner_user", "section")
FLAGS = ("today_yn", "starred_yn", "next_shift_yn", "priority")


@transaction.atomic
def _check_section(section: Section) -> None:
    if section.removed_yn:  # its tasks would vanish from the list page yet count in the badges
        raise ValidationError({"section": [messages.SECTION_REMOVED]})


def _check_owner(owner, *, project_id: int) -> None:
    if not ProjectMembership.objects.filter(project_id=project_id, user=owner).exists():
        raise ValidationError({"owner_user": [messages.OWNER_NOT_MEMBER]})


def lock_positions(section: Section) -> None:
    """Positions in a section change under the lock of its list's row (the lock section moves
    and merges take too), so concurrent inserts never share or skip a place."""
    TaskList.objects.select_for_update().filter(pk=section.task_list_id).values_list("pk").first()


def _last_position(section: Section) -> int:
    return (Task.objects.filter(section=section).aggregate(last=Max("position"))["last"] or 0) + 1


def open_task_count(section: Section) -> int:
    return Task.objects.filter(section=section, archived_yn=False).count()


def _make_room(section: Section, position: int | None) -> int:
    """The stored position for a new task shown at `position` (1-based, among the section's open
    tasks, as the list page shows them); None or past the end: last. The tasks from there on
    move one down."""
    if position is not None:
        at = (
            Task.objects.filter(section=section, archived_yn=False)
            .order_by("position", "id")
            .values_list("position", flat=True)[position - 1 : position]
        )
        target = next(iter(at), None)
        if target is not None:
            Task.objects.filter(section=section, position__gte=target).update(position=F("position") + 1)
            return target
    return _last_position(section)


@transaction.atomic
def task_create(
    *,
    user,
    section: Section,
    title: str,
    description: str = "",
    url: str | None = None,
    priority: int = 0,
    owner_user=None,
    position: int | None = None,
) -> Task:
    """A task in a section; its owner (the creator unless named) is joined to it as owner. It goes
    last in the section unless `position` (1..n+1 among the open tasks) is given."""
    _check_section(section)
    if owner_user is not None:
        _check_owner(owner_user, project_id=section.task_list.parent_project_id)
    owner = owner_user or user
    lock_positions(section)
    task = Task.objects.create(
        position=_make_room(section, position),
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


def _project_member_ids(project_id: int, user_ids: set[int]) -> set[int]:
    return set(
        ProjectMembership.objects.filter(project_id=project_id, user_id__in=user_ids).values_list(
            "user_id", flat=True
        )
    )


def _set_owner(task: Task, owner) -> None:
    """The owner's join gets the owner role; the previous owner stays joined as a contributor."""
    UserTask.objects.filter(task=task, role_enum=TaskRole.OWNER).exclude(
        user_id=owner.pk if owner is not None else None
    ).update(role_enum=TaskRole.CONTRIBUTOR, updated_at=timeutils.now())
    if owner is not None:
        UserTask.objects.update_or_create(task=task, user=owner, defaults={"role_enum": TaskRole.OWNER})


def _set_members(task: Task, member_ids: set[int], *, project_id: int) -> bool:
    """The task's joins become the owner plus `member_ids`. A user taken off the task loses their
    join, with their flags on it and its link to their work day. Returns whether anything changed."""
    member_ids = member_ids - {task.owner_user_id}
    if _project_member_ids(project_id, member_ids) != member_ids:
        raise ValidationError({"members": [messages.MEMBERS_NOT_IN_PROJECT]})
    keep = member_ids | ({task.owner_user_id} if task.owner_user_id else set())
    current = set(UserTask.objects.filter(task=task).values_list("user_id", flat=True))
    removed = current - keep
    added = member_ids - current
    if removed:
        UserTask.objects.filter(task=task, user_id__in=removed).delete()
        for link in WorkDayTask.objects.filter(task=task, user_id__in=removed).select_related("user"):
            link.delete()
            events.publish_task_removed_from_work_day(
                user=link.user, task_id=task.pk, work_day_id=link.work_day_id
            )
    UserTask.objects.bulk_create(
        [UserTask(task=task, user_id=user_id, role_enum=TaskRole.CONTRIBUTOR) for user_id in sorted(added)]
    )
    return bool(removed or added)


@transaction.atomic
def task_update(*, task: Task, data: dict, actor) -> Task:
    """Any project member edits the task; its owner and members change only by the task owner or
    a project owner (checked by the caller, `permissions.check_task_manager`)."""
    project_id = task.task_list.parent_project_id
    changed = [field for field in TASK_FIELDS if field in data and _differs(task, field, data[field])]
    if "section" in changed:
        if data["section"].task_list_id != task.task_list_id:
            raise ValidationError({"section": ["Choose a section of the task's list."]})
        _check_section(data["section"])
    if "owner_user" in changed and data["owner_user"] is not None:
        _check_owner(data["owner_user"], project_id=project_id)
    for field in changed:
        value = data[field]
        setattr(task, field, value.strip() if field == "title" else value)
    if "section" in changed:  # a task moved to another section goes last there
        lock_positions(task.section)
        task.position = _last_position(task.section)
        changed.append("position")
    if changed:
        task.save(update_fields=[*changed, "updated_at"])
    if "owner_user" in changed:
        _set_owner(task, data["owner_user"])
    members_changed = "members" in data and _set_members(task, set(data["members"]), project_id=project_id)
    if members_changed and not changed:
        task.save(update_fields=["updated_at"])
    if changed or members_changed:
        events.publish_task_updated(task=task, project_id=project_id, actor=actor)
    return task


def _differs(task: Task, field: str, value) -> bool:
    if field in ("owner_user", "section"):  # objects in the data, ids on the row
        return getattr(task, f"{field}_id") != (value.pk if value is not None else None)
    if field == "title":
        return task.title != value.strip()
    return getattr(task, field) != value


@transaction.atomic
def task_set_archived(*, task: Task, archived_yn: bool, actor) -> Task:
    if task.archived_yn != archived_yn:
        task.archived_yn = archived_yn
        task.archived_at = timeutils.now() if archived_yn else None
        task.save(update_fields=["archived_yn", "archived_at", "updated_at"])
        events.publish_task_updated(task=task, project_id=task.task_list.parent_project_id, actor=actor)
    return task


@transaction.atomic
def task_delete(*, task: Task, actor) -> None:
    """Deletes the task with its joins and work-day links (allowed to the task owner or a project
    owner, checked by the caller) and tells the project."""
    task_id, project_id = task.pk, task.task_list.parent_project_id
    task.delete()
    notifications.forget_subjects(task_ids=[task_id])
    events.publish_task_deleted(task=task, task_id=task_id, project_id=project_id, actor=actor)


def _apply_flags(user_task: UserTask, flags: dict) -> list[str]:
    changed = []
    for field in FLAGS:
        if field in flags and getattr(user_task, field) != flags[field]:
            setattr(user_task, field, flags[field])
            changed.append(field)
    return changed


def write_flags(*, user, task: Task, flags: dict) -> tuple[UserTask, bool, list[str]]:
    """The user's join to the task with these flags, created if missing: (row, created, the flags
    that changed). Only the row: what Today does to the work day, the auto activity and the event
    are the callers' (services/time/day_tasks.py `user_task_set`, `mark_today` below)."""
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
    return user_task, created, changed


def announce_flags(*, user, task: Task, user_task: UserTask, created: bool, changed: list[str]) -> None:
    """After `write_flags`: a task put on Today gets the project's auto activity; news if anything
    changed."""
    if "today_yn" in changed and user_task.today_yn:
        activities.auto_activity_for_today(user=user, task=task)
    if created or changed:
        events.publish_user_task(user_task=user_task, action="create" if created else "update", user=user)


@transaction.atomic
def mark_today(*, user, task: Task) -> UserTask:
    """The Today flag of a task that is already on today's work day (the tracker started on it)."""
    user_task, created, changed = write_flags(user=user, task=task, flags={"today_yn": True})
    announce_flags(user=user, task=task, user_task=user_task, created=created, changed=changed)
    return user_task
