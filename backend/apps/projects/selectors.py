"""Reads, with the joins and counts each screen needs: a fixed number of queries per call."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import (
    Count,
    Exists,
    F,
    Func,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Lower

from apps.accounts.models import User
from apps.core import readstamps
from apps.projects import selectors_activities as activity_selectors
from apps.projects import stamps
from apps.projects.models import (
    AccessType,
    Project,
    ProjectColor,
    ProjectMembership,
    Section,
    Task,
    TaskList,
    TaskListMembership,
    UserTask,
)
from apps.projects.permissions import (
    admin_projects,
    is_workspace_admin,
    visible_project_ids,
    visible_projects,
    visible_task_lists,
    visible_tasks,
)
from apps.work import presence

MAX_PROJECTS = 500
MAX_TASK_LISTS = 1000
MAX_PERSONAL_TASKS = 500
MAX_WORKSPACE_USERS = 50
MAX_LIST_IDS = 200

PERSONAL_PAGES = {"today": "today_yn", "next_workday": "next_shift_yn", "starred": "starred_yn"}


def colors_for(*, workspace_id: int | None) -> QuerySet[ProjectColor]:
    """The built-in palette and the workspace's own colours."""
    return ProjectColor.objects.filter(Q(workspace__isnull=True) | Q(workspace_id=workspace_id))


def _count(rows: QuerySet) -> Subquery:
    """`SELECT COUNT(*)` of `rows` as a column: 0 when none, and no join that multiplies rows."""
    return Subquery(
        rows.order_by().annotate(n=Func(F("pk"), function="COUNT")).values("n"), output_field=IntegerField()
    )


def _project_annotations(user) -> dict:
    # Two counting subqueries, not COUNT(DISTINCT) over joins of lists x memberships: a project
    # of 500 members and 2 lists would otherwise group 1,000 joined rows to count them.
    return {
        "task_list_count": _count(
            TaskList.objects.filter(parent_project=OuterRef("pk"), archived_yn=False, removed_yn=False)
        ),
        "member_count": _count(
            ProjectMembership.objects.filter(project=OuterRef("pk"), access_type_enum=AccessType.MEMBER)
        ),
        "my_access_type": Subquery(
            ProjectMembership.objects.filter(project=OuterRef("pk"), user=user).values("access_type_enum")[:1]
        ),
    }


def project_list(
    *,
    user,
    render: Callable[[list[Project]], list[dict]],
    search: str = "",
    archived_yn: bool | None = None,
    workspace_wide: bool = False,
) -> tuple[bool, list[dict]]:
    """The caller's projects as `render` writes them for the response, and whether their Personal
    Tasks project is among them. The SPA's list (no search, not workspace-wide) is kept per process
    under its read stamps (apps/projects/stamps.py), rendered: a read while nothing it shows changed
    is a stamp lookup."""

    def make() -> tuple[bool, list[dict]]:
        rows = list(
            projects_for(user=user, search=search, archived_yn=archived_yn, workspace_wide=workspace_wide)
        )
        return any(row.personal_user_id == user.pk for row in rows), render(rows)

    if search or workspace_wide:
        return make()
    return readstamps.kept(
        stamps.PROJECT_LISTS, stamps.project_list_keys(user), (user.pk, user.workspace_id, archived_yn), make
    )


def projects_for(*, user, search: str = "", archived_yn: bool | None = None, workspace_wide: bool = False):
    """The caller's projects by title; `workspace_wide` gives a workspace ADMIN all of them."""
    return _projects_for(user=user, search=search, archived_yn=archived_yn, workspace_wide=workspace_wide)


def _projects_for(*, user, search: str = "", archived_yn: bool | None = None, workspace_wide: bool = False):
    admin_view = workspace_wide and is_workspace_admin(user)
    projects = admin_projects(user) if admin_view else visible_projects(user)
    if search:
        projects = projects.filter(title__icontains=search)
    if archived_yn is not None:
        projects = projects.filter(archived_yn=archived_yn)
    return (
        projects.select_related("color")
        .defer(*_UNLISTED)
        .annotate(**_project_annotations(user))
        .order_by(Lower("title"), "id")[:MAX_PROJECTS]
    )


# What a list never shows (ProjectSerializer): not read, so not converted, for up to 500 rows.
_UNLISTED = ("created_at", "updated_at", "color__created_at", "color__updated_at")


def workspace_projects(*, user, search: str = "", archived_yn: bool | None = None) -> QuerySet[Project]:
    """The workspace area's Projects panel: every shared project of the admin's workspace, by
    title (unsliced: the caller paginates). Personal Tasks projects are nobody's to manage."""
    projects = admin_projects(user).filter(personal_user__isnull=True)
    if search:
        projects = projects.filter(title__icontains=search)
    if archived_yn is not None:
        projects = projects.filter(archived_yn=archived_yn)
    return (
        projects.select_related("color").annotate(**_project_annotations(user)).order_by(Lower("title"), "id")
    )


def project_detail(*, user, project_id: int) -> Project:
    return Project.objects.select_related("color").annotate(**_project_annotations(user)).get(pk=project_id)


def project_memberships(*, project_id: int) -> QuerySet[ProjectMembership]:
    open_tasks = Task.objects.filter(task_list__parent_project_id=project_id, archived_yn=False)
    task_count = (
        open_tasks.filter(user_tasks__user=OuterRef("user"))
        .order_by()
        .values("task_list__parent_project")
        .annotate(n=Count("pk", distinct=True))
        .values("n")
    )
    return (
        ProjectMembership.objects.filter(project_id=project_id)
        .select_related("user")
        .prefetch_related(presence.open_records_prefetch("user__"))
        .annotate(task_count=Subquery(task_count, output_field=IntegerField()))
        .order_by("-access_type_enum", Lower("user__display_name"), "id")
    )


def _task_list_annotations(user) -> dict:
    mine = TaskListMembership.objects.filter(task_list=OuterRef("pk"), user=user)
    return {
        "task_count": Count("tasks", filter=Q(tasks__archived_yn=False), distinct=True),
        "latest_activity": Max("tasks__updated_at"),
        "unread_activity_count": activity_selectors.list_unread_count(user),
        "my_membership_id": Subquery(mine.values("pk")[:1]),
        "my_show_list_in_sidebar_yn": Subquery(mine.values("show_list_in_sidebar_yn")[:1]),
    }


def task_lists_for(
    *, user, project_id: int | None = None, archived_yn: bool | None = None
) -> QuerySet[TaskList]:
    lists = visible_task_lists(user)
    if project_id is not None:
        lists = lists.filter(parent_project_id=project_id)
    if archived_yn is not None:
        lists = lists.filter(archived_yn=archived_yn)
    return lists.annotate(**_task_list_annotations(user)).order_by(Lower("title"), "id")[:MAX_TASK_LISTS]


def task_list_detail(*, user, task_list_id: int) -> TaskList:
    return visible_task_lists(user).annotate(**_task_list_annotations(user)).get(pk=task_list_id)


def task_list_memberships(*, user, task_list_ids: list[int]) -> QuerySet[TaskListMembership]:
    return (
        TaskListMembership.objects.filter(
            task_list_id__in=task_list_ids[:MAX_LIST_IDS],
            task_list__in=visible_task_lists(user).values("pk"),
        )
        .select_related("user", "task_list")
        .annotate(
            project_role=Subquery(
                ProjectMembership.objects.filter(
                    project=OuterRef("task_list__parent_project"), user=OuterRef("user")
                ).values("project_role")[:1]
            )
        )
        .order_by("task_list_id", Lower("user__display_name"), "id")
    )


def sections_for(*, task_list_id: int, removed_yn: bool | None = None) -> QuerySet[Section]:
    sections = Section.objects.filter(task_list_id=task_list_id)
    if removed_yn is not None:
        sections = sections.filter(removed_yn=removed_yn)
    return sections.annotate(
        task_count=Count("tasks", filter=Q(tasks__archived_yn=False)),
        archived_count=Count("tasks", filter=Q(tasks__archived_yn=True)),
    ).order_by("removed_yn", "index", "id")


def section_with_counts(*, section_id: int) -> Section:
    return sections_for(task_list_id=Section.objects.get(pk=section_id).task_list_id).get(pk=section_id)


def with_task_joins(tasks: QuerySet[Task], user=None) -> QuerySet[Task]:
    """Everything the task card and details need, in three queries whatever the row count;
    with `user`, also that user's activity counts (subqueries of the same query)."""
    if user is not None:
        tasks = tasks.annotate(**activity_selectors.task_count_annotations(user))
    return tasks.select_related("task_list", "section", "owner_user").prefetch_related(
        Prefetch("user_tasks", queryset=UserTask.objects.select_related("user").order_by("id")),
        Prefetch("task_list__memberships", queryset=TaskListMembership.objects.order_by("id")),
    )


def tasks_search(
    *, user, search: str = "", task_ids: list[int] | None = None, project_id: int | None = None
) -> QuerySet[Task]:
    tasks = visible_tasks(user)
    if search:
        tasks = tasks.filter(title__icontains=search)
    if task_ids is not None:
        tasks = tasks.filter(pk__in=task_ids)
    if project_id is not None:
        tasks = tasks.filter(task_list__parent_project_id=project_id)
    return with_task_joins(tasks, user).order_by("id")


def section_tasks(*, section_id: int, archived_yn: bool = False, user=None) -> QuerySet[Task]:
    tasks = Task.objects.filter(section_id=section_id, archived_yn=archived_yn)
    return with_task_joins(tasks, user).order_by("position", "id")


def task_detail(*, user, task_id: int) -> Task:
    return with_task_joins(visible_tasks(user), user).get(pk=task_id)


def _personal(user, flag: str | None = None) -> QuerySet[UserTask]:
    rows = UserTask.objects.filter(
        user=user, task__archived_yn=False, task__task_list__in=visible_task_lists(user).values("pk")
    )
    return rows.filter(**{flag: True}) if flag else rows


def personal_page_tasks(
    *, user, page: str, owner_ids: list[int] | None = None, member_ids: list[int] | None = None
) -> list[Task]:
    """The tasks of Today, Next Workday or Starred, filtered by owner and by member."""
    tasks = visible_tasks(user).filter(
        archived_yn=False,
        pk__in=_personal(user, PERSONAL_PAGES[page]).values("task_id"),
    )
    if owner_ids:
        tasks = tasks.filter(owner_user_id__in=owner_ids)
    if member_ids:
        tasks = tasks.filter(Exists(UserTask.objects.filter(task=OuterRef("pk"), user_id__in=member_ids)))
    tasks = with_task_joins(tasks.select_related("task_list__parent_project__color"), user)
    return list(
        tasks.order_by(Lower("task_list__parent_project__title"), "task_list__parent_project_id", "id")[
            :MAX_PERSONAL_TASKS
        ]
    )


def personal_counts(*, user) -> dict[str, int]:
    """The side menu's counts. The user's own rows are read first and each row's list is checked
    by its project (a scalar lookup per row): the work grows with the user's tasks, not with every
    task of the lists they see (a join let PostgreSQL hash all of those: ~15k on a 500-member
    workspace, 10x slower). Kept per process under the read stamps of apps/projects/stamps.py:
    a read since the last change to what they count is a stamp lookup."""
    counts = readstamps.kept(
        stamps.PERSONAL_COUNTS,
        stamps.personal_counts_keys(user),
        (user.pk, user.workspace_id),
        lambda: _counted(user),
    )
    return dict(counts)


def _counted(user) -> tuple[tuple[str, int], ...]:
    rows = list(_personal_counts(user))
    return tuple(zip(_COUNT_NAMES, rows[0] if rows else (0, 0, 0), strict=True))


_COUNT_NAMES = ("today_count", "next_workday_count", "starred_count")


def _personal_counts(user) -> QuerySet[UserTask]:
    list_project = TaskList.objects.filter(pk=OuterRef("task__task_list_id"), removed_yn=False).values(
        "parent_project_id"
    )[:1]
    rows = (
        UserTask.objects.filter(user=user, task__archived_yn=False)
        .alias(list_project=Subquery(list_project))
        .filter(list_project__in=visible_project_ids(user))
    )
    # One row (the user's) when they have any, none otherwise: the counts are then 0.
    return (
        rows.order_by()
        .values("user_id")
        .annotate(
            today_count=Count("pk", filter=Q(today_yn=True)),
            next_workday_count=Count("pk", filter=Q(next_shift_yn=True)),
            starred_count=Count("pk", filter=Q(starred_yn=True)),
        )
        .values_list(*_COUNT_NAMES)
    )


def user_tasks_for(*, user, flags: dict[str, bool], project_id: int | None = None) -> QuerySet[UserTask]:
    rows = UserTask.objects.filter(user=user, task__in=visible_tasks(user).values("pk"), **flags)
    if project_id is not None:
        rows = rows.filter(task__task_list__parent_project_id=project_id)
    return rows.order_by("id")[:MAX_PERSONAL_TASKS]


def workspace_users(*, user, search: str = "", exclude_project_id: int | None = None) -> QuerySet[User]:
    users = User.objects.filter(workspace_id=user.workspace_id, is_active=True)
    if search:
        users = users.filter(display_name__icontains=search)
    if exclude_project_id is not None:
        # Only a project the caller can see: otherwise the difference would reveal its members.
        visible = visible_project_ids(user).filter(pk=exclude_project_id)
        users = users.exclude(project_memberships__project_id__in=visible)
    return users.order_by(Lower("display_name"), "id")[:MAX_WORKSPACE_USERS]
