"""Sections and their order.

Each list has two tables, active and removed; within a table the sections' `index` values are
always 0..n-1. Every write that changes an order locks the list's row first, so two moves of
the same list run one after the other and each renumbers from what the other committed.
"""

from __future__ import annotations

import functools

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max

from apps.core import timeutils
from apps.projects import messages
from apps.projects.events import publish_sections_changed
from apps.projects.models import Section, Task, TaskList

ACTIVE = "active"
REMOVED = "removed"
TABLES = (ACTIVE, REMOVED)


def _lock_list(task_list_id: int) -> None:
    TaskList.objects.select_for_update().filter(pk=task_list_id).first()


def _table(task_list_id: int, table: str) -> list[Section]:
    return list(
        Section.objects.filter(task_list_id=task_list_id, removed_yn=(table == REMOVED)).order_by(
            "index", "id"
        )
    )


def _renumber(sections: list[Section], *, removed_yn: bool) -> list[Section]:
    changed = []
    for position, section in enumerate(sections):
        if section.index != position or section.removed_yn != removed_yn:
            section.index = position
            section.removed_yn = removed_yn
            changed.append(section)
    return changed


def _write(*tables: tuple[list[Section], bool]) -> None:
    changed = []
    for sections, removed_yn in tables:
        changed += _renumber(sections, removed_yn=removed_yn)
    if changed:
        now = timeutils.now()
        for section in changed:
            section.updated_at = now
        Section.objects.bulk_update(changed, ["index", "removed_yn", "updated_at"])


def _announced(func):
    """Every section write tells the project's members which lists changed, after commit.

    Takes an optional `actor` (who made the change) so their own tab can skip the refresh."""
    action = func.__name__.removeprefix("section_")

    @functools.wraps(func)
    def wrapper(*, actor=None, **kwargs):
        list_ids = {v.task_list_id for v in kwargs.values() if isinstance(v, Section)}
        list_ids |= {v.pk for v in kwargs.values() if isinstance(v, TaskList)}
        result = func(**kwargs)
        for list_id in sorted(list_ids):
            publish_sections_changed(task_list_id=list_id, action=action, actor=actor)
        return result

    return wrapper


def _clean(title: str) -> str:
    return " ".join((title or "").split())


@transaction.atomic
@_announced
def section_create(*, task_list: TaskList, title: str) -> Section:
    """A new section goes to the end of the active table."""
    _lock_list(task_list.pk)
    index = Section.objects.filter(task_list=task_list, removed_yn=False).count()
    return Section.objects.create(task_list=task_list, title=_clean(title), index=index)


@transaction.atomic
@_announced
def section_rename(*, section: Section, title: str) -> Section:
    section.title = _clean(title)
    section.save(update_fields=["title", "updated_at"])
    return section


@transaction.atomic
@_announced
def section_move(
    *,
    task_list: TaskList,
    source_index: int,
    source_table: str,
    destination_index: int,
    destination_table: str,
    section_id: int | None = None,
) -> None:
    """Drag and drop: take the section at source_index of source_table, put it at
    destination_index of destination_table. `section_id`, when sent, must be the section found
    there: a client that drew a stale order is told to reload instead of moving another one."""
    _lock_list(task_list.pk)
    source = _table(task_list.pk, source_table)
    if not 0 <= source_index < len(source):
        raise ValidationError({"source_index": [messages.INDEX_OUT_OF_RANGE]})
    if section_id is not None and source[source_index].pk != section_id:
        raise ValidationError({"detail": [messages.SECTIONS_CHANGED]})
    moving = source.pop(source_index)
    destination = source if destination_table == source_table else _table(task_list.pk, destination_table)
    if not 0 <= destination_index <= len(destination):
        raise ValidationError({"destination_index": [messages.INDEX_OUT_OF_RANGE]})
    destination.insert(destination_index, moving)
    tables = [(destination, destination_table == REMOVED)]
    if destination is not source:
        tables.append((source, source_table == REMOVED))
    _write(*tables)


def _to_table_end(section: Section, *, removed_yn: bool) -> None:
    """Move to the end of the other table and close the gap it leaves."""
    old_table = REMOVED if section.removed_yn else ACTIVE
    new_table = REMOVED if removed_yn else ACTIVE
    if old_table == new_table:
        return
    source = [s for s in _table(section.task_list_id, old_table) if s.pk != section.pk]
    destination = _table(section.task_list_id, new_table)
    destination.append(section)  # _write sets its index and table, and saves it
    _write((source, old_table == REMOVED), (destination, removed_yn))


@transaction.atomic
@_announced
def section_remove(*, section: Section, archive_tasks_confirmed: bool = False) -> Section:
    """To the removed table; its open tasks are archived, once the user confirmed that."""
    _lock_list(section.task_list_id)
    section.refresh_from_db()
    open_tasks = Task.objects.filter(section=section, archived_yn=False)
    if open_tasks.exists():
        if not archive_tasks_confirmed:
            raise ValidationError({"archive_tasks_confirmed": [messages.CONFIRM_ARCHIVE_TASKS]})
        open_tasks.update(archived_yn=True, archived_at=timeutils.now(), updated_at=timeutils.now())
    _to_table_end(section, removed_yn=True)
    return section


@transaction.atomic
@_announced
def section_restore(*, section: Section) -> Section:
    _lock_list(section.task_list_id)
    section.refresh_from_db()
    _to_table_end(section, removed_yn=False)
    return section


@transaction.atomic
@_announced
def section_delete(*, section: Section) -> None:
    """Only a section without tasks, open or archived, can be deleted."""
    _lock_list(section.task_list_id)
    if Task.objects.filter(section=section).exists():
        raise ValidationError({"detail": [messages.ONLY_EMPTY_SECTIONS]})
    table = REMOVED if section.removed_yn else ACTIVE
    section.delete()
    _write((_table(section.task_list_id, table), table == REMOVED))


@transaction.atomic
@_announced
def section_archive_tasks(*, section: Section) -> int:
    now = timeutils.now()
    count = Task.objects.filter(section=section, archived_yn=False).update(
        archived_yn=True, archived_at=now, updated_at=now
    )
    if not count:
        raise ValidationError({"detail": [messages.NO_TASK_TO_ARCHIVE]})
    return count


@transaction.atomic
@_announced
def section_unarchive_tasks(*, section: Section) -> int:
    """Unarchive all; on a removed section this also restores it (spec 02 §4)."""
    _lock_list(section.task_list_id)
    section.refresh_from_db()
    count = Task.objects.filter(section=section, archived_yn=True).update(
        archived_yn=False, archived_at=None, updated_at=timeutils.now()
    )
    if not count:
        raise ValidationError({"detail": [messages.NO_TASK_TO_UNARCHIVE]})
    _to_table_end(section, removed_yn=False)
    return count


@transaction.atomic
@_announced
def section_merge(*, section: Section, into: Section) -> Section:
    """All tasks go to `into`, in the same list; `section` is deleted. Merged into a removed
    section, open tasks are archived (as removing a section does)."""
    if into.task_list_id != section.task_list_id:
        raise ValidationError({"into_section": [messages.SECTION_OTHER_LIST]})
    if into.pk == section.pk:
        raise ValidationError({"into_section": [messages.SECTION_SAME]})
    _lock_list(section.task_list_id)
    now = timeutils.now()
    if into.removed_yn:  # a removed section holds only archived tasks
        Task.objects.filter(section=section, archived_yn=False).update(archived_yn=True, archived_at=now)
    # The merged tasks go last in `into`, in their order (positions stay ordered, gaps allowed).
    last = Task.objects.filter(section=into).aggregate(last=Max("position"))["last"] or 0
    Task.objects.filter(section=section).update(section=into, position=F("position") + last, updated_at=now)
    table = REMOVED if section.removed_yn else ACTIVE
    section.delete()
    _write((_table(into.task_list_id, table), table == REMOVED))
    into.refresh_from_db()
    return into


@transaction.atomic
@_announced
def section_move_to_list(*, section: Section, task_list: TaskList) -> Section:
    """The section with all its tasks goes to the end of the same table in another list of the
    same project."""
    if task_list.parent_project_id != section.task_list.parent_project_id:
        raise ValidationError({"task_list": [messages.SECTION_OTHER_LIST]})
    if task_list.pk == section.task_list_id:
        return section
    old_list_id = section.task_list_id
    for list_id in sorted([old_list_id, task_list.pk]):  # one lock order: no deadlock between two moves
        _lock_list(list_id)
    table = REMOVED if section.removed_yn else ACTIVE
    section.task_list = task_list
    section.index = Section.objects.filter(task_list=task_list, removed_yn=section.removed_yn).count()
    section.save(update_fields=["task_list", "index", "updated_at"])
    Task.objects.filter(section=section).update(task_list=task_list, updated_at=timeutils.now())
    _write((_table(old_list_id, table), table == REMOVED))
    return section
