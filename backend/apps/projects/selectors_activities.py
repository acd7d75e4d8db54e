"""Reads of activities and unread tracking (docs/activities.md): who sees which activity, what is
unread to whom, the unread tree and the counts. Each call runs a fixed number of queries."""

from __future__ import annotations

from django.db.models import Count, Exists, F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Lower

from apps.projects.models import Activity, ActivityReadLog, Task, TaskListMembership
from apps.projects.permissions import visible_task_lists, visible_tasks

MAX_TASK_ACTIVITIES = 200
MAX_TREE_TASKS = 1000
MAX_UNREAD_OF_TASK = 200


def _count(rows: QuerySet) -> Subquery:
    """`SELECT COUNT(*)` of `rows` as a column (0 when none), like selectors._count."""
    return Subquery(
        rows.order_by().annotate(n=Func(F("pk"), function="COUNT")).values("n"), output_field=IntegerField()
    )


def member_list_ids(user) -> QuerySet:
    """The active lists the user is a member of, in projects they may see."""
    return TaskListMembership.objects.filter(
        user=user,
        task_list__in=visible_task_lists(user).filter(archived_yn=False).values("pk"),
    ).values("task_list_id")


def _read_by(user) -> Exists:
    return Exists(ActivityReadLog.objects.filter(activity=OuterRef("pk"), user=user))


def unread_activities(user) -> QuerySet[Activity]:
    """What is new to the user: submitted, not deleted, written by someone else, on an open task
    of a list they are a member of (in a project they may see), and not read yet."""
    return (
        Activity.objects.filter(
            submitted_yn=True,
            deleted_yn=False,
            task__archived_yn=False,
            task__task_list_id__in=member_list_ids(user),
        )
        .exclude(user=user)
        .filter(~_read_by(user))
    )


def unread_count(*, user) -> int:
    return unread_activities(user).count()


def unread_tree(*, user) -> list[dict]:
    """projects -> lists -> sections -> tasks (with their unread count), in one query."""
    rows = (
        unread_activities(user)
        .values(
            project_id=F("task__task_list__parent_project_id"),
            project_name=F("task__task_list__parent_project__title"),
            list_id=F("task__task_list_id"),
            list_name=F("task__task_list__title"),
            section_id=F("task__section_id"),
            section_name=F("task__section__title"),
            section_index=F("task__section__index"),
            task_pk=F("task_id"),
            task_name=F("task__title"),
        )
        .annotate(activity_count=Count("pk"))
        .order_by(
            Lower("task__task_list__parent_project__title"),
            "project_id",
            Lower("task__task_list__title"),
            "list_id",
            "section_index",
            "section_id",
            "task_pk",
        )[:MAX_TREE_TASKS]
    )
    projects: dict[int, dict] = {}
    for row in rows:
        project = projects.setdefault(
            row["project_id"], {"id": row["project_id"], "project_name": row["project_name"], "lists": {}}
        )
        task_list = project["lists"].setdefault(
            row["list_id"], {"id": row["list_id"], "list_name": row["list_name"], "sections": {}}
        )
        section = task_list["sections"].setdefault(
            row["section_id"],
            {"id": row["section_id"], "section_name": row["section_name"], "tasks": []},
        )
        section["tasks"].append(
            {"id": row["task_pk"], "task_name": row["task_name"], "activity_count": row["activity_count"]}
        )
    return [
        {
            **project,
            "lists": [
                {**task_list, "sections": list(task_list["sections"].values())}
                for task_list in project["lists"].values()
            ],
        }
        for project in projects.values()
    ]


def with_read(activities: QuerySet[Activity], user) -> QuerySet[Activity]:
    return activities.select_related("user").annotate(read_yn=_read_by(user))


def task_activities(*, user, task: Task) -> QuerySet[Activity]:
    """The activity tab: submitted activities and the caller's own drafts, newest first."""
    rows = Activity.objects.filter(task=task, deleted_yn=False).filter(Q(submitted_yn=True) | Q(user=user))
    return with_read(rows, user).order_by("-created_datetime", "-id")[:MAX_TASK_ACTIVITIES]


def task_unread_activities(*, user, task: Task) -> QuerySet[Activity]:
    rows = unread_activities(user).filter(task=task)
    return with_read(rows, user).order_by("-submitted_datetime", "-id")[:MAX_UNREAD_OF_TASK]


def visible_activities(user) -> QuerySet[Activity]:
    """Activities the user may open: on a task they see, submitted or their own draft."""
    return Activity.objects.filter(task__in=visible_tasks(user).values("pk"), deleted_yn=False).filter(
        Q(submitted_yn=True) | Q(user=user)
    )


def task_count_annotations(user) -> dict:
    """activity_count, unread_activities_count, draft_activities_count of each task row."""
    return {
        "activity_count": _count(
            Activity.objects.filter(task=OuterRef("pk"), submitted_yn=True, deleted_yn=False)
        ),
        "unread_activities_count": _count(unread_activities(user).filter(task=OuterRef("pk"))),
        "draft_activities_count": _count(
            Activity.objects.filter(task=OuterRef("pk"), user=user, submitted_yn=False, deleted_yn=False)
        ),
    }


def list_unread_count(user):
    """unread_activity_count of each task list row."""
    return _count(unread_activities(user).filter(task__task_list=OuterRef("pk")))
