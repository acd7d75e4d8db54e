"""The coverage guard of the kept reads (apps/core/readstamps.py): for every `Copies` (one per kept
read), run the read, collect the tables its SQL touches, and check that a write to each of them
renews one of the stamp keys the read is kept under, by reading the triggers PostgreSQL really
has (pg_trigger, and the key literals in their functions and the lookups they call). A new kept
read without a driver here fails; a read that starts joining a table no trigger covers fails."""

import mmap
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver

from apps.accounts.models import TeammatePin
from apps.accounts.tests.factories import UserFactory
from apps.core import readstamps
from apps.projects.tests.factories import ProjectFactory, TaskListFactory, UserTaskFactory
from apps.work.services import status as status_services

URL_PATTERNS = (
    get_resolver().url_patterns
)  # every view, so every kept read, imported before the registry is read

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]

# The request that makes each kept read run its queries (inside the test's transaction no copy
# is used, so every call runs them).
DRIVERS = {
    "open status record": "/api/accounts/me/",
    "worktime summary": "/api/work/worktime_summary/",
    "project list": "/api/projects/project/?archived_yn=false",
    "side menu counts": "/api/projects/tasks/groups/counts/",
    "teammates strip": "/api/accounts/teammates/",
    "teammates pins": "/api/accounts/teammates/",
    "token": "/api/accounts/me/",
    "time account work": "/api/work/time_account/",
    "calendar": "/api/work/calendar/",
}

# Tables a read's SQL touches that no stamp needs to cover, with the reason.
UNCOVERED = {
    # The stamps themselves.
    "core_readstamp": "the stamp lookup",
}

# Per kept read: tables its driver's request reads afresh on every call, beside the kept part
# (never kept), with the reason.
READ_LIVE = {
    "time account work": dict.fromkeys(
        (
            "timeaccount_workpattern",
            "timeaccount_holidayregion",
            "timeaccount_workspaceholiday",
            "timeaccount_accountstart",
            "timeaccount_timeoffrequest",
            "timeaccount_timeofftype",
            "timeaccount_accountrules",
            "timeaccount_adjustment",
        ),
        "the target's and the balance's rules, read on every call (timeaccount.selectors.accounts, "
        "adjustments_since); only the worked time (selectors.work_inputs) is kept",
    ),
}

_TABLE = re.compile(r'(?:FROM|JOIN)\s+"(\w+)"', re.IGNORECASE)
_PREFIX = re.compile(r"'([a-z]):'")
_CALL = re.compile(r"\b(ro_stamp_touch_\w+)\s*\(")


def _source(function: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT prosrc FROM pg_proc WHERE proname = %s", [function])
        return " ".join(row[0] for row in cursor.fetchall())


def _prefixes(function: str, seen: frozenset = frozenset()) -> set[str]:
    """The key prefixes a trigger function records, following the lookups it calls."""
    source = _source(function)
    found = {f"{letter}:" for letter in _PREFIX.findall(source)}
    if "'g'" in source:
        found.add("g")
    for called in set(_CALL.findall(source)) - seen - {function}:
        found |= _prefixes(called, seen | {function})
    return found


def covered_tables() -> dict[str, set[str]]:
    """table -> the key prefixes its row triggers record."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT c.relname, p.proname FROM pg_trigger t"
            " JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid"
            " WHERE NOT t.tgisinternal AND p.proname LIKE 'ro_stamp_%%' AND p.proname <> 'ro_stamp_truncated'"
        )
        rows = cursor.fetchall()
    tables: dict[str, set[str]] = {}
    for table, function in rows:
        tables.setdefault(table, set()).update(_prefixes(function))
    return tables


@pytest.fixture
def world(client_for):
    me = UserFactory()
    mate = UserFactory(workspace=me.workspace)
    project = ProjectFactory(workspace=me.workspace, personal_user=None)
    from apps.projects.models import AccessType
    from apps.projects.tests.factories import ProjectMembershipFactory

    ProjectMembershipFactory(project=project, user=me, access_type_enum=AccessType.OWNER)
    task_list = TaskListFactory(parent_project=project)
    from apps.projects.tests.factories import SectionFactory, TaskFactory

    task = TaskFactory(section=SectionFactory(task_list=task_list))
    UserTaskFactory(task=task, user=me, today_yn=True)
    TeammatePin.objects.create(viewer=me, teammate=mate)
    status_services.status_change(user=me, status="working")
    status_services.status_change(user=mate, status="working")
    return client_for(me)


def test_every_kept_read_has_a_driver_here():
    names = {copies.name for copies in readstamps.all_copies()}
    assert names == set(DRIVERS), "add the new kept read's request to DRIVERS (and see it covered)"


@pytest.mark.parametrize("copies", readstamps.all_copies(), ids=lambda copies: copies.name)
def test_every_table_a_kept_read_touches_renews_one_of_its_keys(world, copies):
    covered = covered_tables()
    world.get(DRIVERS[copies.name])  # what a first call makes (the Personal Tasks project) is made
    with CaptureQueriesContext(connection) as queries:
        assert world.get(DRIVERS[copies.name]).status_code == 200
    touched = {table for query in queries.captured_queries for table in _TABLE.findall(query["sql"])}
    assert touched, "the read ran no query: is it answered from a copy inside a transaction?"
    missing = {
        table: sorted(covered.get(table, set()))
        for table in touched - set(UNCOVERED) - set(READ_LIVE.get(copies.name, {}))
        if not covered.get(table, set()) & set(copies.prefixes)
    }
    # A kept read's request runs other kept reads too (every request its token; the strip's
    # request the pins): only a table that no kept read of the same request covers is a gap.
    others = {
        prefix
        for other in readstamps.all_copies()
        if DRIVERS[other.name] == DRIVERS[copies.name] or other.name == "token"
        for prefix in other.prefixes
    }
    gaps = {table: keys for table, keys in missing.items() if not set(keys) & others}
    assert not gaps, f"{copies.name}: writes to these tables renew none of {copies.prefixes}: {gaps}"


def test_the_kept_reads_bounds_together_fit_the_kernels_limit_on_mappings():
    """Each copy is a memory mapping of its own (apps/core/readstamps.py), so the bounds of every
    kept read together bound the mappings a worker can hold for them: well under Linux's default
    of 65,530 per process (vm.max_map_count), with room for everything else a worker maps."""
    assert sum(copies.max_bytes for copies in readstamps.all_copies()) // mmap.PAGESIZE < 50_000


def test_the_guard_sees_a_table_without_triggers():
    assert "accounts_observation" not in covered_tables()
    assert {"d:", "s:"} <= covered_tables()["work_statusrecord"]
    assert covered_tables()["accounts_teammatepin"] == {"p:"}
