"""Create a task from the checkout (spec 01 §5): project, list, section, position and a name."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.projects import permissions
from apps.projects.models import Project, Task
from apps.projects.services import tasks as task_services

ALL_FIELDS = "All fields needs to be populated"
NAME_REQUIRED = "You must specify the task name in order to create the task"
DUPLICATE_NAME = "This name already exists for the specified project"
LIST_OF_PROJECT = "Choose a list of the chosen project."
SECTION_OF_LIST = "Choose a section of the chosen list."


def position_error(count: int) -> str:
    return f"Choose a position from 1 to {count + 1}."


@transaction.atomic
def create_task(*, user, project_id, task_list_id, section_id, position, title: str) -> Task:
    """The caller's task at `position` (1..n+1 among the section's open tasks). Projects, lists and
    sections the caller may not see are 404 (permissions); names are unique per project, trimmed
    and case-insensitive, archived tasks included (they come back when unarchived)."""
    if None in (project_id, task_list_id, section_id, position):
        raise ValidationError({"non_field_errors": [ALL_FIELDS]})
    name = (title or "").strip()
    if not name:
        raise ValidationError({"title": [NAME_REQUIRED]})
    project = permissions.get_or_404(permissions.visible_projects(user).filter(archived_yn=False), project_id)
    task_list = permissions.task_list_for(user, task_list_id)
    section = permissions.section_for(user, section_id)
    if task_list.parent_project_id != project.pk:
        raise ValidationError({"task_list": [LIST_OF_PROJECT]})
    if section.task_list_id != task_list.pk or section.removed_yn:
        raise ValidationError({"section": [SECTION_OF_LIST]})
    # The name check and the place are decided under the project's lock, then the list's.
    Project.objects.select_for_update().filter(pk=project.pk).values_list("pk").first()
    task_services.lock_positions(section)
    count = task_services.open_task_count(section)
    if position > count + 1:
        raise ValidationError({"position": [position_error(count)]})
    if Task.objects.filter(task_list__parent_project_id=project.pk, title__iexact=name).exists():
        raise ValidationError({"title": [DUPLICATE_NAME]})
    return task_services.task_create(user=user, section=section, title=name, position=position)
