"""Search over what the caller may open (issue 31, docs/keyboard.md "Search API").

One read: projects, lists, tasks (title and description) and people of the caller's workspace,
each through this app's visibility rules (`permissions.visible_*`: a task of a project the caller
is not in, or of another workspace, never matches) and ranked together. People carry no status
at all (so an invisible member's status cannot show through search).

Ranking (lower first): the title is the query, starts with it, has a word starting with it,
contains it; a task whose description alone contains it comes last. Ties: kinds in the order
project, list, task, person, then the title, then the id. Each kind reads its own top
`offset + limit + 1` rows in one query (4 queries per search), merged here.

Tasks are ranked among candidates (docs/keyboard.md, "Search API", decision): a short query can
match every task a person sees (tens of thousands on a large workspace), and ranking them all
reads and sorts every match for a page of 20. The candidates, read in the same one query: up to
`CANDIDATES` tasks titled the query exactly, up to `CANDIDATES` whose title starts with it and up
to `CANDIDATES` that match at all, each set the first the database finds (no order, so each read
stops there). Below `CANDIDATES` matches that is every match and the ranking is exact; past it,
exact matches still come first and title-prefix matches before the rest, but which of many equal
matches are reachable is the database's pick. `CANDIDATES` is one past `MAX_RESULTS`, the deepest
page anyone can ask for, so paging stays consistent. Projects, lists and people are ranked whole
(a person sees tens of them, not thousands).

On PostgreSQL the `icontains` filters (`UPPER(col) LIKE UPPER('%q%')`) use trigram GIN indexes on
`UPPER(title)` / `UPPER(description)` (migration 0012, pg_trgm), and the exact and prefix
candidates an index on `(task_list_id, UPPER(title) COLLATE "C")` (migration 0013). On SQLite (the
embedded default) the same filters scan and every task match is ranked, which is fine at its size.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce, Collate, Lower, NullIf, Upper

from apps.accounts.models import User
from apps.core.postgresql.plans import custom_plans
from apps.projects.models import Task
from apps.projects.permissions import is_workspace_admin, visible_projects, visible_task_lists, visible_tasks

KINDS = ("project", "task_list", "task", "person")
MIN_QUERY = 2
MAX_QUERY = 100
MAX_PAGE_SIZE = 50
MAX_RESULTS = 500  # page * page_size beyond this answers 400: search is for finding, not listing
CANDIDATES = MAX_RESULTS + 1  # tasks ranked per search, at most about three times this (see above)
TASK_FIELDS = ("title", "description")
LAST_CHARACTER = "\U0010ffff"  # in byte order, q <= s < q + this: s starts with q


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


def _ranked(
    queryset: QuerySet, fields: tuple[str, ...], query: str, count: int, order_title: str = "title"
) -> QuerySet:
    return queryset.annotate(search_rank=_rank(fields[0], query)).order_by(
        "search_rank", Lower(order_title), "id"
    )[:count]


def _top(
    queryset: QuerySet, fields: tuple[str, ...], query: str, count: int, order_title: str = "title"
) -> QuerySet:
    return _ranked(queryset.filter(_matches(fields, query)), fields, query, count, order_title)


def _top_tasks(visible: QuerySet, query: str, count: int) -> QuerySet:
    """The top `count` of the visible tasks that match, ranked among the candidates (above)."""
    related = "task_list__parent_project__color"
    if connection.vendor != "postgresql":
        return _top(visible.select_related(related), TASK_FIELDS, query, count)
    # The title in upper case and byte order, as migration 0013's index holds it: the exact and the
    # prefix matches are a lookup and a range of that index whatever the query (a prepared
    # statement's generic plan included), and the prefix range stops when enough are found.
    visible = visible.alias(upper_title=Collate(Upper("title"), "C"))
    upper = Upper(Value(query))

    def first(queryset: QuerySet) -> QuerySet:
        return queryset.order_by().values("pk")[:CANDIDATES]

    candidates = first(visible.filter(upper_title=upper)).union(
        first(visible.filter(upper_title__gte=upper, upper_title__lt=Upper(Value(query + LAST_CHARACTER)))),
        first(visible.filter(_matches(TASK_FIELDS, query))),
        all=True,
    )
    tasks = Task.objects.filter(pk__in=candidates).select_related(related)
    return _ranked(tasks, TASK_FIELDS, query, count)


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
        with custom_plans():  # its best plan depends on the words (apps/core/postgresql/plans.py)
            rows = list(_top_tasks(visible_tasks(user).filter(section__removed_yn=False), query, count))
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
