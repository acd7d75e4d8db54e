"""The live events of projects (spec 02 §4): each declared once, with its meta and recipients.

Membership and task events go to the project's members (they see the member tables and the
lists); personal flags and work-day links go to the one user they belong to.
"""

from __future__ import annotations

from typing import TypedDict

from apps.projects.models import AccessType, Project, ProjectMembership, TaskList
from apps.realtime.events import EventType, declare, publish

PROJECT_MEMBERS = "the project's members (only its owners while it is archived)"


class ProjectMembershipMeta(TypedDict):
    project_id: int
    user_id: int
    actor_id: int
    access_type_enum: str
    project_role: str


class TaskListMembershipMeta(TypedDict):
    project_id: int
    task_list_id: int
    user_id: int
    actor_id: int


class NewTaskMeta(TypedDict):
    project_id: int
    task_list_id: int
    section_id: int | None
    actor_id: int


class TaskChangedMeta(TypedDict):
    project_id: int
    task_list_id: int
    section_id: int
    actor_id: int


class UserTaskMeta(TypedDict):
    task_id: int
    today_yn: bool
    starred_yn: bool
    next_shift_yn: bool


class WorkDayTaskMeta(TypedDict):
    task_id: int
    work_day_id: int


class ProjectRemovedFromWorkDayMeta(TypedDict):
    project_id: int
    work_day_id: int | None


class SectionsChangedMeta(TypedDict):
    project_id: int
    task_list_id: int
    actor_id: int | None


ADD_USER_TO_PROJECT = declare(
    "add_user_to_project",
    meta=ProjectMembershipMeta,
    description="a user was added to a project",
    recipients=PROJECT_MEMBERS + ", the added user included",
)
UPDATE_USER_PROJECT_ROLE = declare(
    "update_user_project_role",
    meta=ProjectMembershipMeta,
    description="a member's access type or project role changed",
    recipients=PROJECT_MEMBERS,
)
REMOVE_USER_FROM_PROJECT = declare(
    "remove_user_from_project",
    meta=ProjectMembershipMeta,
    description="a user left or was removed from a project",
    recipients="the project's members before the removal, the removed user included",
)
ADD_USER_TO_TASKLIST = declare(
    "add_user_to_tasklist",
    meta=TaskListMembershipMeta,
    description="a project member joined a task list",
    recipients=PROJECT_MEMBERS,
)
REMOVE_USER_FROM_TASKLIST = declare(
    "remove_user_from_tasklist",
    meta=TaskListMembershipMeta,
    description="a member left or was removed from a task list",
    recipients=PROJECT_MEMBERS + ", and the removed user",
)
NEW_TASK = declare(
    "new_task",
    meta=NewTaskMeta,
    description="a task was created in a list",
    recipients=PROJECT_MEMBERS,
)
TASK_UPDATED = declare(
    "task_updated",
    meta=TaskChangedMeta,
    description=(
        "a task changed (title, description, url, priority, section, owner, members, archived); "
        "reload it where it is shown"
    ),
    recipients=PROJECT_MEMBERS,
)
TASK_DELETED = declare(
    "task_deleted",
    meta=TaskChangedMeta,
    description="a task was deleted; drop it from every view",
    recipients=PROJECT_MEMBERS,
)
NEW_JOIN_TASK_TO_USER = declare(
    "new_join_task_to_user",
    meta=UserTaskMeta,
    description="the user's own link to a task (today, starred, next shift) was made or changed",
    recipients="that user's own sockets",
)
ADDED_TASK_TO_WORKDAY = declare(
    "added_task_to_workday",
    meta=WorkDayTaskMeta,
    description="a task marked for today joined the user's work day",
    recipients="that user's own sockets",
)
REMOVED_TASK_FROM_WORKDAY = declare(
    "removed_task_from_workday",
    meta=WorkDayTaskMeta,
    description="a task left the user's work day",
    recipients="that user's own sockets",
)
REMOVED_PROJECT_FROM_WORKDAY = declare(
    "removed_project_from_workday",
    meta=ProjectRemovedFromWorkDayMeta,
    description="the user left a project, so its tasks left their work day",
    recipients="that user's own sockets",
)
SECTIONS_CHANGED = declare(
    "sections_changed",
    meta=SectionsChangedMeta,
    description=(
        "a list's sections changed (created, renamed, moved, removed, restored, merged, deleted, "
        "tasks archived or unarchived); reload that list's sections"
    ),
    recipients=PROJECT_MEMBERS,
)


def project_member_ids(project_id: int) -> list[int]:
    """Who may see the project now: its members, or only its owners while it is archived."""
    memberships = ProjectMembership.objects.filter(project_id=project_id)
    if Project.objects.filter(pk=project_id, archived_yn=True).exists():
        memberships = memberships.filter(access_type_enum=AccessType.OWNER)
    return list(memberships.values_list("user_id", flat=True))


def _project_membership(event: EventType[ProjectMembershipMeta], *, membership, action: str, actor):
    return event.message(
        ProjectMembershipMeta(
            project_id=membership.project_id,
            user_id=membership.user_id,
            actor_id=actor.pk,
            access_type_enum=membership.access_type_enum,
            project_role=membership.project_role,
        ),
        action=action,
        table_name="project_membership",
        resource_id=membership.pk,
        email=membership.user.email,
    )


def publish_user_added_to_project(*, membership, actor) -> None:
    message = _project_membership(ADD_USER_TO_PROJECT, membership=membership, action="create", actor=actor)
    publish(message, user_ids=project_member_ids(membership.project_id))


def publish_project_role_updated(*, membership, actor) -> None:
    message = _project_membership(
        UPDATE_USER_PROJECT_ROLE, membership=membership, action="update", actor=actor
    )
    publish(message, user_ids=project_member_ids(membership.project_id))


def publish_user_removed_from_project(*, membership, actor, recipients: list[int]) -> None:
    """`recipients`: the members read before the removal (the removed user is no member now)."""
    message = _project_membership(
        REMOVE_USER_FROM_PROJECT, membership=membership, action="delete", actor=actor
    )
    publish(message, user_ids=recipients)


def _task_list_membership(
    event: EventType[TaskListMembershipMeta], *, membership, project_id: int, action: str, actor
):
    return event.message(
        TaskListMembershipMeta(
            project_id=project_id,
            task_list_id=membership.task_list_id,
            user_id=membership.user_id,
            actor_id=actor.pk,
        ),
        action=action,
        table_name="tasklist_membership",
        resource_id=membership.pk,
        email=membership.user.email,
    )


def publish_user_added_to_task_list(*, membership, project_id: int, actor) -> None:
    message = _task_list_membership(
        ADD_USER_TO_TASKLIST, membership=membership, project_id=project_id, action="create", actor=actor
    )
    publish(message, user_ids=project_member_ids(project_id))


def publish_user_removed_from_task_list(*, membership, project_id: int, actor) -> None:
    message = _task_list_membership(
        REMOVE_USER_FROM_TASKLIST, membership=membership, project_id=project_id, action="delete", actor=actor
    )
    publish(message, user_ids=[*project_member_ids(project_id), membership.user_id])


def publish_new_task(*, task, project_id: int, actor) -> None:
    message = NEW_TASK.message(
        NewTaskMeta(
            project_id=project_id,
            task_list_id=task.task_list_id,
            section_id=task.section_id,
            actor_id=actor.pk,
        ),
        action="create",
        table_name="task",
        resource_id=task.pk,
        email=actor.email,
    )
    publish(message, user_ids=project_member_ids(project_id))


def _task_changed(
    event: EventType[TaskChangedMeta], *, task, task_id: int, project_id: int, actor, action: str
):
    message = event.message(
        TaskChangedMeta(
            project_id=project_id,
            task_list_id=task.task_list_id,
            section_id=task.section_id,
            actor_id=actor.pk,
        ),
        action=action,
        table_name="task",
        resource_id=task_id,
        email=actor.email,
    )
    publish(message, user_ids=project_member_ids(project_id))


def publish_task_updated(*, task, project_id: int, actor) -> None:
    _task_changed(
        TASK_UPDATED, task=task, task_id=task.pk, project_id=project_id, actor=actor, action="update"
    )


def publish_task_deleted(*, task, task_id: int, project_id: int, actor) -> None:
    """`task` is the deleted row (Django clears its pk), `task_id` the id it had."""
    _task_changed(
        TASK_DELETED, task=task, task_id=task_id, project_id=project_id, actor=actor, action="delete"
    )


def publish_user_task(*, user_task, action: str, user) -> None:
    message = NEW_JOIN_TASK_TO_USER.message(
        UserTaskMeta(
            task_id=user_task.task_id,
            today_yn=user_task.today_yn,
            starred_yn=user_task.starred_yn,
            next_shift_yn=user_task.next_shift_yn,
        ),
        action=action,
        table_name="user_task",
        resource_id=user_task.pk,
        email=user.email,
    )
    publish(message, user_ids=[user.pk])


def _work_day_task(event: EventType[WorkDayTaskMeta], *, user, task_id: int, work_day_id: int, action: str):
    return event.message(
        WorkDayTaskMeta(task_id=task_id, work_day_id=work_day_id),
        action=action,
        table_name="work_day_task",
        resource_id=task_id,
        email=user.email,
    )


def publish_task_added_to_work_day(*, user, task_id: int, work_day_id: int) -> None:
    message = _work_day_task(
        ADDED_TASK_TO_WORKDAY, user=user, task_id=task_id, work_day_id=work_day_id, action="create"
    )
    publish(message, user_ids=[user.pk])


def publish_task_removed_from_work_day(*, user, task_id: int, work_day_id: int) -> None:
    message = _work_day_task(
        REMOVED_TASK_FROM_WORKDAY, user=user, task_id=task_id, work_day_id=work_day_id, action="delete"
    )
    publish(message, user_ids=[user.pk])


def publish_project_removed_from_work_day(*, user, project_id: int, work_day_id: int | None) -> None:
    message = REMOVED_PROJECT_FROM_WORKDAY.message(
        ProjectRemovedFromWorkDayMeta(project_id=project_id, work_day_id=work_day_id),
        action="delete",
        table_name="work_day_task",
        resource_id=project_id,
        email=user.email,
    )
    publish(message, user_ids=[user.pk])


def publish_sections_changed(*, task_list_id: int, action: str, actor=None) -> None:
    project_id = TaskList.objects.filter(pk=task_list_id).values_list("parent_project_id", flat=True).first()
    if project_id is None:
        return
    message = SECTIONS_CHANGED.message(
        SectionsChangedMeta(
            project_id=project_id,
            task_list_id=task_list_id,
            actor_id=actor.pk if actor is not None else None,
        ),
        action=action,
        table_name="section",
        resource_id=task_list_id,
        email=actor.email if actor is not None else "",
    )
    publish(message, user_ids=project_member_ids(project_id))


# --- activities and unread tracking (docs/activities.md) ------------------------------------------


class ActivityMeta(TypedDict):
    activity_id: int
    task_id: int
    task_list_id: int
    section_id: int
    project_id: int
    author_id: int
    state: str


class ActivityReadLogMeta(TypedDict):
    activity_ids: list[int]
    task_ids: list[int]
    project_id: int | None
    task_id: int | None


NEW_ACTIVITY = declare(
    "new_activity",
    meta=ActivityMeta,
    description=(
        "an activity was submitted (create), edited or confirmed (update) or deleted (delete); a draft's "
        "changes go to its author only. Reload the task's activities and the unread counts"
    ),
    recipients=PROJECT_MEMBERS + " for a submitted activity; the author alone for a draft",
)
NEW_ACTIVITY_READ_LOG = declare(
    "new_activity_read_log",
    meta=ActivityReadLogMeta,
    description="the user read one activity (on any device): drop it from Unread and the badges",
    recipients="the reader's own sockets",
)
NEW_ACTIVITY_READ_LOG_MARK_ALL = declare(
    "new_activity_read_log_mark_all",
    meta=ActivityReadLogMeta,
    description="the user marked every unread activity of a task (task_id) or a project (project_id) read",
    recipients="the reader's own sockets",
)


def activity_state(activity) -> str:
    if activity.deleted_yn:
        return "deleted"
    if activity.confirmed_yn:
        return "confirmed"
    return "submitted" if activity.submitted_yn else "draft"


def publish_activity(*, activity, task, project_id: int, action: str, was_submitted: bool) -> None:
    """`was_submitted`: whether others could see it (a deleted submitted activity still tells them)."""
    message = NEW_ACTIVITY.message(
        ActivityMeta(
            activity_id=activity.pk,
            task_id=task.pk,
            task_list_id=task.task_list_id,
            section_id=task.section_id,
            project_id=project_id,
            author_id=activity.user_id,
            state=activity_state(activity),
        ),
        action=action,
        table_name="activity",
        resource_id=activity.pk,
        email=activity.user.email,
    )
    recipients = project_member_ids(project_id) if was_submitted else [activity.user_id]
    publish(message, user_ids=recipients)


def publish_activity_read(
    *, user, activity_ids: list[int], task_ids: list[int], project_id: int | None, task_id: int | None
) -> None:
    event = (
        NEW_ACTIVITY_READ_LOG if project_id is None and task_id is None else NEW_ACTIVITY_READ_LOG_MARK_ALL
    )
    message = event.message(
        ActivityReadLogMeta(
            activity_ids=activity_ids, task_ids=task_ids, project_id=project_id, task_id=task_id
        ),
        action="create",
        table_name="activity_read_log",
        resource_id=activity_ids[0] if len(activity_ids) == 1 else None,
        email=user.email,
    )
    publish(message, user_ids=[user.pk])


class TaskTimeMeta(TypedDict):
    task_id: int
    work_day_id: int
    project_id: int
    seconds_worked: int


class TrackerStateMeta(TypedDict):
    status: str
    task_id: int | None
    last_task_id: int | None


NEW_TASK_TIME = declare(
    "new_task_time",
    meta=TaskTimeMeta,
    description=(
        "the user's closed time on a task in a work day changed (added or removed by hand, a tracked "
        "interval ended, or the task left the work day: 0); reload task times and allocated time"
    ),
    recipients="that user's own sockets",
)
TRACKER_STATE = declare(
    "tracker_state",
    meta=TrackerStateMeta,
    description="the user's task tracker started, paused, resumed or stopped (any device or a status change)",
    recipients="that user's own sockets",
)


def publish_new_task_time(*, row, user, seconds_worked: int) -> None:
    message = NEW_TASK_TIME.message(
        TaskTimeMeta(
            task_id=row.task_id,
            work_day_id=row.work_day_id,
            project_id=row.project_id,
            seconds_worked=seconds_worked,
        ),
        action="update",
        table_name="task_time",
        resource_id=row.pk,
        email=user.email,
    )
    publish(message, user_ids=[user.pk])


def publish_tracker_state(*, tracker, user) -> None:
    message = TRACKER_STATE.message(
        TrackerStateMeta(
            status=str(tracker.status), task_id=tracker.task_id, last_task_id=tracker.last_task_id
        ),
        action="update",
        table_name="task_tracker",
        resource_id=tracker.pk,
        email=user.email,
        status=str(tracker.status),
    )
    publish(message, user_ids=[user.pk])
