"""Search over what the caller may open (issue 31, docs/keyboard.md "Search API").

One read: projects, lists, tasks (title and description) and people of the caller's workspace,
each through this app's visibility rules (`permissions.visible_*`: a task of a project the caller
is not in, or of another workspace, never matches) and ranked together. People carry no status
at all (so an invisible member's status cannot show through search).

Ranking (lower first): the title is the query, starts with it, has a word starting with it,
contains it; a task whose description alone contains it comes last. Ties: kinds in the order
project, list, task, person, then the title, then the id. Each kind reads its own top
`offset + limit + 1` rows in one query (4 queries per search), merged here.

On PostgreSQL the `icontains` filters (`UPPER(col) LIKE UPPER('%q%')`) use trigram GIN indexes on
`UPPER(title)` / `UPPER(description)` (migration 0012, pg_trgm); on SQLite (the embedded default)
the same filters scan, which is fine at its size.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce, Lower, NullIf

from apps.accounts.models import User
from apps.projects.permissions import is_workspace_admin, visible_projects, visible_task_lists, visible_tasks

KINDS = ("project", "task_list", "task", "person")
MIN_QUERY = 2
MAX_QUERY = 100
MAX_PAGE_SIZE = 50
MAX_RESULTS = 500  # page * page_size beyond this answers 400: search is for finding, not listing


@dataclass(frozen=True)
class Hit:
    kind: str
    id: int
    title: str
    rank: int
    archived: bool = False
    project: int | None = None
    project_title: str | None = None
    task_list: int | None = None
    task_list_title: str | None = None
    color: str | None = None
    user: User | None = None


def _rank(field: str, query: str) -> Case:
    whens = [
        When(**{f"{field}__iexact": query}, then=Value(0)),
        When(**{f"{field}__istartswith": query}, then=Value(1)),
        When(**{f"{field}__icontains": f" {query}"}, then=Value(2)),
        When(**{f"{field}__icontains": query}, then=Value(3)),
    ]
    return Case(*whens, default=Value(4), output_field=IntegerField())


def _matches(fields: tuple[str, ...], query: str) -> Q:
    condition = Q()
    for field in fields:
        condition |= Q(**{f"{field}__icontains": query})
    return condition


def _top(
    queryset: QuerySet, fields: tuple[str, ...], query: str, count: int, order_title: str = "title"
) -> QuerySet:
    return (
        queryset.filter(_matches(fields, query))
        .annotate(search_rank=_rank(fields[0], query))
        .order_by("search_rank", Lower(order_title), "id")[:count]
    )


def search(
    *, user, query: str, kinds: tuple[str, ...] = KINDS, offset: int = 0, limit: int = 20
) -> tuple[list[Hit], bool]:
    """The hits from `offset` on (at most `limit`) and whether more follow."""
    count = offset + limit + 1
    hits: list[Hit] = []
    if "project" in kinds:
        rows = _top(visible_projects(user).select_related("color"), ("title",), query, count)
        hits += [
            Hit("project", p.pk, p.title, p.search_rank, p.archived_yn, p.pk, p.title, color=p.color.value)
            for p in rows
        ]
    if "task_list" in kinds:
        lists = visible_task_lists(user).select_related("parent_project__color")
        rows = _top(lists, ("title",), query, count)
        hits += [
            Hit(
                "task_list",
                t.pk,
                t.title,
                t.search_rank,
                t.archived_yn or t.parent_project.archived_yn,
                t.parent_project_id,
                t.parent_project.title,
                t.pk,
                t.title,
                t.parent_project.color.value,
            )
            for t in rows
        ]
    if "task" in kinds:
        tasks = visible_tasks(user).filter(section__removed_yn=False)
        tasks = tasks.select_related("task_list__parent_project__color")
        rows = _top(tasks, ("title", "description"), query, count)
        hits += [
            Hit(
                "task",
                t.pk,
                t.title,
                t.search_rank,
                t.archived_yn or t.task_list.archived_yn or t.task_list.parent_project.archived_yn,
                t.task_list.parent_project_id,
                t.task_list.parent_project.title,
                t.task_list_id,
                t.task_list.title,
                t.task_list.parent_project.color.value,
            )
            for t in rows
        ]
    if "person" in kinds:
        people = User.objects.filter(workspace_id=user.workspace_id)
        if not is_workspace_admin(user):
            people = people.filter(is_active=True)  # admins also find deactivated members (marked)
        people = people.annotate(search_name=Coalesce(NullIf("display_name", Value("")), "full_name"))
        rows = _top(people, ("search_name", "full_name"), query, count, order_title="search_name")
        hits += [Hit("person", u.pk, u.search_name, u.search_rank, not u.is_active, user=u) for u in rows]
    hits.sort(key=lambda h: (h.rank, KINDS.index(h.kind), h.title.lower(), h.id))
    return hits[offset : offset + limit], len(hits) > offset + limit
