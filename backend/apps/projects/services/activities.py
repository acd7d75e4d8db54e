"""Writes of activities and read logs; every rule is in docs/activities.md.

- Anyone who sees the task writes a draft; only the author edits, submits or deletes it.
- Submitted activities are seen by every project member and are unread to the members of the
  task's list (never to the author). The author may edit or delete them until confirmed.
- The task owner or a project owner confirms a submitted activity; confirmed ones are frozen
  (a project owner may still delete one).
- The auto activity (the project's template, 'Daily Report') is made as a draft once per task,
  user and work day when the user flags the task for Today or first puts time on it today
  (services.time.intervals calls `auto_activity_for_today` when it makes the day's task time row).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.exceptions import PermissionDenied

from apps.accounts import notifications
from apps.accounts.models import NotificationKind
from apps.core import timeutils
from apps.projects import events, messages
from apps.projects.events import project_member_ids
from apps.projects.models import (
    AccessType,
    Activity,
    ActivityReadLog,
    ActivityType,
    Project,
    ProjectMembership,
    Task,
    UserTask,
)
from apps.projects.selectors_activities import unread_activities

MAX_SECTIONS = 20
MAX_SECTION_TITLE = 120
MAX_SECTION_TEXT = 20000

# The sections of each auto activity template; a project's `auto_activity` names one.
AUTO_ACTIVITY_TEMPLATES: dict[str, list[str]] = {
    "Daily Report": ["What I did", "What I will do next", "Blockers"],
}


def section(title: str, text: str = "", *, display_title: bool = True) -> dict:
    return {"section_title": title, "section_text": text, "display_title": display_title}


def auto_sections(template: str) -> list[dict]:
    titles = AUTO_ACTIVITY_TEMPLATES.get(template) or [template or "Daily Report"]
    return [section(title) for title in titles]


def clean_text_json(value, *, allow_empty: bool) -> list[dict]:
    """One section or a list of sections -> the stored list; 400 for anything else."""
    sections = [value] if isinstance(value, dict) else value
    if not isinstance(sections, list) or not 1 <= len(sections) <= MAX_SECTIONS:
        raise ValidationError({"text_json": [f"Send one section or a list of 1 to {MAX_SECTIONS} sections."]})
    cleaned = []
    for item in sections:
        if not isinstance(item, dict):
            raise ValidationError({"text_json": ["Each section is an object."]})
        title = item.get("section_title", "")
        text = item.get("section_text", "")
        display = item.get("display_title", True)
        if not isinstance(title, str) or len(title) > MAX_SECTION_TITLE:
            raise ValidationError({"text_json": [f"A section title is text of at most {MAX_SECTION_TITLE}."]})
        if not isinstance(text, str) or len(text) > MAX_SECTION_TEXT:
            raise ValidationError({"text_json": [f"A section text is text of at most {MAX_SECTION_TEXT}."]})
        if not isinstance(display, bool):
            raise ValidationError({"text_json": ["display_title is true or false."]})
        # PostgreSQL stores no NUL in text or JSON: dropped from the title and the text alike.
        cleaned.append(
            section(title.replace("\x00", "").strip(), text.replace("\x00", ""), display_title=display)
        )
    if not allow_empty and not any(s["section_text"].strip() for s in cleaned):
        raise ValidationError({"text_json": [messages.ACTIVITY_EMPTY]})
    return cleaned


def _project_id(task: Task) -> int:
    return task.task_list.parent_project_id


def is_project_owner(user, project_id: int) -> bool:
    return ProjectMembership.objects.filter(
        project_id=project_id, user=user, access_type_enum=AccessType.OWNER
    ).exists()


def can_confirm(user, task: Task, *, project_owner: bool | None = None) -> bool:
    if task.owner_user_id == user.pk:
        return True
    return project_owner if project_owner is not None else is_project_owner(user, _project_id(task))


def _locked(activity: Activity) -> Activity:
    row = Activity.objects.select_for_update().select_related("user").get(pk=activity.pk)
    row.task = activity.task
    return row


def _publish(activity: Activity, action: str, *, was_submitted: bool) -> None:
    task = activity.task
    events.publish_activity(
        activity=activity, task=task, project_id=_project_id(task), action=action, was_submitted=was_submitted
    )


def _notify_submitted(activity: Activity) -> None:
    task = activity.task
    project_id = _project_id(task)
    involved = set(UserTask.objects.filter(task=task).values_list("user_id", flat=True))
    if task.owner_user_id:
        involved.add(task.owner_user_id)
    recipients = involved & set(project_member_ids(project_id))
    author = activity.user
    notifications.notify(
        user_ids=recipients,
        kind=NotificationKind.ACTIVITY_SUBMITTED,
        text=f"{author.display_name or author.full_name} submitted an activity on '{task.title}'",
        actor=author,
        project=Project.objects.get(pk=project_id),
        task_list=task.task_list,
        task=task,
    )


def _submit(activity: Activity) -> None:
    activity.submitted_yn = True
    activity.submitted_datetime = timeutils.now()
    activity.save(update_fields=["submitted_yn", "submitted_datetime", "updated_at"])
    _publish(activity, "create", was_submitted=True)
    _notify_submitted(activity)


@transaction.atomic
def activity_create(*, user, task: Task, text_json, submit: bool = False) -> Activity:
    sections = clean_text_json(text_json, allow_empty=not submit)
    activity = Activity.objects.create(
        task=task, user=user, created_datetime=timeutils.now(), text_json=sections
    )
    activity.task = task
    if submit:
        _submit(activity)
    else:
        _publish(activity, "create", was_submitted=False)
    return activity


def _require_author(user, activity: Activity) -> None:
    if activity.user_id != user.pk:
        raise PermissionDenied(messages.ACTIVITY_ONLY_AUTHOR)


@transaction.atomic
def activity_update(*, user, activity: Activity, text_json) -> Activity:
    activity = _locked(activity)
    _require_author(user, activity)
    if activity.confirmed_yn:
        raise ValidationError({"detail": messages.ACTIVITY_ALREADY_CONFIRMED})
    activity.text_json = clean_text_json(text_json, allow_empty=not activity.submitted_yn)
    activity.save(update_fields=["text_json", "updated_at"])
    _publish(activity, "update", was_submitted=activity.submitted_yn)
    return activity


@transaction.atomic
def activity_submit(*, user, activity: Activity) -> Activity:
    activity = _locked(activity)
    _require_author(user, activity)
    if activity.submitted_yn:
        raise ValidationError({"detail": messages.ACTIVITY_ALREADY_SUBMITTED})
    clean_text_json(activity.text_json, allow_empty=False)
    _submit(activity)
    return activity


@transaction.atomic
def activity_confirm(*, user, activity: Activity) -> Activity:
    activity = _locked(activity)
    if not can_confirm(user, activity.task):
        raise PermissionDenied(messages.ACTIVITY_ONLY_CONFIRMERS)
    if not activity.submitted_yn:
        raise ValidationError({"detail": messages.ACTIVITY_NOT_SUBMITTED})
    if activity.confirmed_yn:
        raise ValidationError({"detail": messages.ACTIVITY_ALREADY_CONFIRMED})
    activity.confirmed_yn = True
    activity.confirmed_by = user
    activity.save(update_fields=["confirmed_yn", "confirmed_by", "updated_at"])
    _publish(activity, "update", was_submitted=True)
    task = activity.task
    notifications.notify(
        user_ids=[activity.user_id],
        kind=NotificationKind.ACTIVITY_CONFIRMED,
        text=f"{user.display_name or user.full_name} confirmed your activity on '{task.title}'",
        actor=user,
        project=Project.objects.get(pk=_project_id(task)),
        task_list=task.task_list,
        task=task,
    )
    return activity


@transaction.atomic
def activity_delete(*, user, activity: Activity) -> None:
    activity = _locked(activity)
    owner = is_project_owner(user, _project_id(activity.task))
    if activity.user_id != user.pk and not owner:
        raise PermissionDenied(messages.ACTIVITY_ONLY_DELETERS)
    if activity.confirmed_yn and not owner:
        raise ValidationError({"detail": messages.ACTIVITY_ALREADY_CONFIRMED})
    activity.deleted_yn = True
    activity.save(update_fields=["deleted_yn", "updated_at"])
    _publish(activity, "delete", was_submitted=activity.submitted_yn)


def auto_activity_for_today(*, user, task: Task) -> Activity | None:
    """The project's auto activity as the user's draft for today's work day, once per task,
    user and day. Runs inside the caller's transaction (user_task_set and the task time writes
    hold the user's lock)."""
    work_date = timeutils.local_today(user.timezone)
    if Activity.objects.filter(
        task=task, user=user, work_date=work_date, created_automatically_yn=True
    ).exists():
        return None
    project = Project.objects.only("auto_activity").get(pk=task.task_list.parent_project_id)
    try:
        with transaction.atomic():
            activity = Activity.objects.create(
                task=task,
                user=user,
                activity_type=ActivityType.AUTO,
                created_datetime=timeutils.now(),
                text_json=auto_sections(project.auto_activity),
                created_automatically_yn=True,
                work_date=work_date,
            )
    except IntegrityError:  # made meanwhile by another request of the same user
        return None
    activity.task = task
    _publish(activity, "create", was_submitted=False)
    return activity


@transaction.atomic
def mark_read(
    *, user, activity: Activity | None = None, task: Task | None = None, project=None
) -> list[Activity]:
    """Read logs for one activity, or every unread activity of a task or a project. Returns the
    activities marked now (those already read, or one's own, are left out)."""
    if activity is not None:
        mine_or_draft = activity.user_id == user.pk or not activity.submitted_yn
        already = ActivityReadLog.objects.filter(activity=activity, user=user).exists()
        rows = [] if mine_or_draft or already else [activity]
    else:
        unread = unread_activities(user)
        unread = (
            unread.filter(task=task)
            if task is not None
            else unread.filter(task__task_list__parent_project=project)
        )
        rows = list(unread.only("pk", "task_id", "user_id"))
    at = timeutils.now()
    ActivityReadLog.objects.bulk_create(
        [ActivityReadLog(activity_id=row.pk, user=user, read_datetime=at) for row in rows],
        ignore_conflicts=True,  # two devices marking at once: one row
    )
    if rows:
        events.publish_activity_read(
            user=user,
            activity_ids=[row.pk for row in rows],
            task_ids=sorted({row.task_id for row in rows}),
            project_id=project.pk if project is not None else None,
            task_id=task.pk if task is not None else None,
        )
    return rows
