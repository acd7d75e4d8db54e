"""Write the large data set with PostgreSQL COPY through the real models' tables and columns.

Every row is built from a model's concrete fields: the columns a row does not give take the
field's own default (auto_now stamps take the generation time), so a new NOT NULL field without
a default makes the generator fail loudly instead of writing invalid data.

Shape (defaults): workspace 1 holds 500 members with a year of weekdays of history; the other
~10,500 users sit in workspaces of 30 with the most recent weeks, sized so status records total
about 1M. Each shift is work 3 h, break 30 min, work 4 h 30 min from about 9:00 local time; today
60% of workspace 1 is in the office (an open shift and an open status record).
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
import zoneinfo
from dataclasses import dataclass

from psycopg import sql

TIMEZONES = ["Europe/Lisbon", "Europe/Berlin", "America/Toronto", "America/Sao_Paulo", "Asia/Kolkata", "UTC"]
PASSWORD = "remote-2026"
BENCH_EMAIL = "bench@example.com"
WORK_1, BREAK, WORK_2 = dt.timedelta(hours=3), dt.timedelta(minutes=30), dt.timedelta(hours=4, minutes=30)
SHIFT = WORK_1 + BREAK + WORK_2
SHIFT_WORK, SHIFT_BREAK = int((WORK_1 + WORK_2).total_seconds()), int(BREAK.total_seconds())


@dataclass
class Shape:
    users: int = 11_000
    big: int = 500
    workspace_size: int = 30
    tasks: int = 100_000
    status_records: int = 1_000_000
    days: int = 365
    big_projects: int = 40
    projects_per_workspace: int = 3


class Table:
    """COPY rows into a model's table; `fields` are attnames given by each row, in order."""

    def __init__(self, model, fields: list[str], now: dt.datetime) -> None:
        by_attname = {field.attname: field for field in model._meta.concrete_fields}
        unknown = set(fields) - set(by_attname)
        if unknown:
            raise ValueError(f"{model.__name__} has no fields {sorted(unknown)}")
        tail = {}
        for attname, field in by_attname.items():
            if attname in fields:
                continue
            if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                tail[field.column] = now
            else:  # the model's default; "" for a blank text field, None for a nullable one
                tail[field.column] = field.get_default()
                if tail[field.column] is None and not field.null:
                    raise ValueError(f"{model.__name__}.{attname} has no default: the generator must give it")
        self.model = model
        self.columns = [by_attname[name].column for name in fields] + list(tail)
        self.tail = tuple(tail.values())

    def copy(self, cursor, rows) -> int:
        statement = sql.SQL("COPY {table} ({columns}) FROM STDIN").format(
            table=sql.Identifier(self.model._meta.db_table),
            columns=sql.SQL(", ").join(sql.Identifier(column) for column in self.columns),
        )
        count = 0
        with cursor.copy(statement) as copy:
            for row in rows:
                copy.write_row(row + self.tail)
                count += 1
        return count


def _local_start(cache: dict, tz_name: str, day: dt.date, minutes: int) -> dt.datetime:
    """UTC instant of 09:00 + minutes on `day` in `tz_name`."""
    key = (tz_name, day, minutes)
    if key not in cache:
        local = dt.datetime.combine(day, dt.time(9), tzinfo=zoneinfo.ZoneInfo(tz_name))
        cache[key] = (local + dt.timedelta(minutes=minutes)).astimezone(dt.UTC)
    return cache[key]


def generate(shape: Shape, log=print) -> dict[str, int]:
    """Fill an empty, migrated database (Django already set up on it). Returns row counts."""
    from apps.accounts.models import TeammatePin, User, Workspace, WorkspaceRole, WorkspaceUserType
    from apps.projects.models import (
        AccessType,
        Project,
        ProjectColor,
        ProjectMembership,
        Section,
        Task,
        TaskList,
        TaskListMembership,
        TaskRole,
        UserTask,
    )
    from apps.work.models import StatusRecord, StatusType, WorkDay, WorkShift, WorkShiftSchedule
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    if User.objects.exists():
        raise SystemExit("the database already has users: generate into an empty one (--reset)")
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    today_utc = now.date()
    password = make_password(PASSWORD)
    colors = list(ProjectColor.objects.values_list("pk", flat=True))
    counts: dict[str, int] = {}
    started = time.monotonic()

    # Workspaces and users: workspace 1 is the big one, user 1 the bench's member in it.
    workspace_of: dict[int, int] = {}
    members: dict[int, list[int]] = {1: list(range(1, shape.big + 1))}
    next_workspace = 2
    for first in range(shape.big + 1, shape.users + 1, shape.workspace_size):
        members[next_workspace] = list(range(first, min(first + shape.workspace_size, shape.users + 1)))
        next_workspace += 1
    for workspace_id, ids in members.items():
        for user_id in ids:
            workspace_of[user_id] = workspace_id
    tz_of = {user_id: TIMEZONES[user_id % len(TIMEZONES)] for user_id in workspace_of}

    def user_rows():
        for user_id, workspace_id in workspace_of.items():
            first = members[workspace_id][0] == user_id
            email = BENCH_EMAIL if user_id == 1 else f"member{user_id}@bench.example.com"
            yield (
                user_id,
                email,
                password,
                f"Member {user_id}",
                f"M{user_id}",
                tz_of[user_id],
                workspace_id,
                WorkspaceRole.ADMIN if first else WorkspaceRole.MEMBER,
                WorkspaceUserType.OWNER if first else WorkspaceUserType.MEMBER,
                first,
                "Engineer",
            )

    # Projects, lists, sections and memberships.
    projects, memberships, lists, list_memberships, sections = [], [], [], [], []
    project_members: dict[int, list[int]] = {}
    for workspace_id, ids in members.items():
        n_projects = shape.big_projects if workspace_id == 1 else shape.projects_per_workspace
        first_project = len(projects) + 1
        for n in range(n_projects):
            project_id = first_project + n
            projects.append((project_id, workspace_id, f"Project {n + 1}", colors[project_id % len(colors)]))
            project_members[project_id] = []
        for index, user_id in enumerate(ids):
            if workspace_id == 1:  # five projects each; the bench's member is in half of them
                mine = (
                    range(n_projects // 2)
                    if user_id == 1
                    else {(index + k * 8) % n_projects for k in range(5)}
                )
            else:
                mine = range(n_projects)
            for n in mine:
                project_members[first_project + n].append(user_id)
    membership_id = itertools.count(1)
    for project_id, ids in project_members.items():
        for position, user_id in enumerate(ids):
            access = AccessType.OWNER if position == 0 else AccessType.MEMBER
            memberships.append((next(membership_id), project_id, user_id, access))
        for n in (1, 2):
            list_id = len(lists) + 1
            lists.append((list_id, project_id, f"Task list {n}"))
            for position, user_id in enumerate(ids):
                access = AccessType.OWNER if position == 0 else AccessType.MEMBER
                list_memberships.append((len(list_memberships) + 1, list_id, user_id, access))
            for s in range(3):
                sections.append((len(sections) + 1, list_id, f"Section {s + 1}", s))
    list_project = {list_id: project_id for list_id, project_id, _ in lists}

    # Tasks: 40% in workspace 1, each owned by a member of its project.
    big_lists = [row[0] for row in lists if projects[list_project[row[0]] - 1][1] == 1]
    other_lists = [row[0] for row in lists if projects[list_project[row[0]] - 1][1] != 1]
    tasks, user_tasks = [], []
    for task_id in range(1, shape.tasks + 1):
        pool = big_lists if task_id % 5 < 2 or not other_lists else other_lists
        list_id = pool[task_id % len(pool)]
        team = project_members[list_project[list_id]]
        owner = team[(task_id * 7919) % len(team)]
        if task_id <= 60:  # the bench's member has a personal page to count
            list_id, owner = big_lists[task_id % len(big_lists)], 1
        section_id = (list_id - 1) * 3 + 1 + task_id % 3
        archived = task_id % 10 == 0
        tasks.append((task_id, list_id, section_id, f"Task {task_id}", owner, task_id % 4, archived))
        user_tasks.append(
            (task_id, task_id, owner, task_id % 7 == 0, task_id % 11 == 0, task_id % 13 == 0, TaskRole.OWNER)
        )

    # Work history: days, shifts, and three status records per shift.
    weekdays = [today_utc - dt.timedelta(days=d) for d in range(shape.days, 0, -1)]
    weekdays = [day for day in weekdays if day.weekday() < 5]
    big_records = shape.big * len(weekdays) * 3
    others = shape.users - shape.big
    other_days = max(1, (shape.status_records - big_records) // (3 * others)) if others else 0
    cache: dict = {}
    days, shifts = [], []
    in_office: list[tuple[int, int, dt.datetime]] = []  # (user, shift id, shift start)
    for user_id in workspace_of:
        history = weekdays if workspace_of[user_id] == 1 else weekdays[-other_days:]
        jitter = (user_id * 15) % 90
        local_today = now.astimezone(zoneinfo.ZoneInfo(tz_of[user_id])).date()
        for day in history:
            start = _local_start(cache, tz_of[user_id], day, jitter)
            local_date = start.astimezone(zoneinfo.ZoneInfo(tz_of[user_id])).date()
            if local_date >= local_today:  # west of UTC, yesterday in UTC can still be today
                continue
            day_id = len(days) + 1
            days.append((day_id, user_id, local_date, start, start + SHIFT, SHIFT_WORK))
            shifts.append((day_id, day_id, start, start + SHIFT, SHIFT_WORK, SHIFT_BREAK, SHIFT_WORK))
        # Today: 60% of workspace 1 (not the bench's member, who enters through the API).
        tz = zoneinfo.ZoneInfo(tz_of[user_id])
        local_now = now.astimezone(tz)
        midnight = local_now.replace(hour=0, minute=0, second=0).astimezone(dt.UTC)
        if (
            workspace_of[user_id] == 1
            and user_id > 1
            and user_id % 5 < 3
            and now - midnight > dt.timedelta(hours=1)
        ):
            start = max(now - dt.timedelta(hours=2), midnight + dt.timedelta(minutes=10))
            day_id = len(days) + 1
            days.append((day_id, user_id, local_now.date(), start, None, 0))
            shifts.append((day_id, day_id, start, None, 0, 0, 0))
            in_office.append((user_id, day_id, start))
    open_shifts = {shift_id: (user_id, start) for user_id, shift_id, start in in_office}
    user_of_day = {row[0]: row[1] for row in days}

    def status_rows():
        record_id = itertools.count(1)
        for shift_id, _day, start, end, *_ in shifts:
            user_id = user_of_day[shift_id]
            if end is None:
                _, opened = open_shifts[shift_id]
                middle = opened + (now - opened) / 2
                yield (next(record_id), user_id, shift_id, StatusType.WORKING, opened, middle)
                status = StatusType.TAKING_BREAK if user_id % 4 == 0 else StatusType.WORKING
                if status == StatusType.WORKING:  # a break between two working records
                    yield (
                        next(record_id),
                        user_id,
                        shift_id,
                        StatusType.TAKING_BREAK,
                        middle,
                        middle + (now - middle) / 3,
                    )
                    middle = middle + (now - middle) / 3
                yield (next(record_id), user_id, shift_id, status, middle, None)
                continue
            yield (next(record_id), user_id, shift_id, StatusType.WORKING, start, start + WORK_1)
            yield (
                next(record_id),
                user_id,
                shift_id,
                StatusType.TAKING_BREAK,
                start + WORK_1,
                start + WORK_1 + BREAK,
            )
            yield (next(record_id), user_id, shift_id, StatusType.WORKING, start + WORK_1 + BREAK, end)

    def schedule_rows():  # the next five weekdays of workspace 1, 9:00-17:00 local
        coming = [today_utc + dt.timedelta(days=d) for d in range(1, 8)]
        coming = [day for day in coming if day.weekday() < 5][:5]
        schedule_id = itertools.count(1)
        for user_id in members[1]:
            for day in coming:
                start = _local_start(cache, tz_of[user_id], day, 0)
                yield (next(schedule_id), user_id, start, start + dt.timedelta(hours=8), 8 * 3600)

    plan = [
        (Workspace, ["id", "name"], [(w, f"Workspace {w}") for w in members]),
        (
            User,
            ["id", "email", "password", "full_name", "display_name", "timezone", "workspace_id"]
            + ["workspace_role", "workspace_user_type", "team_page_access_granted_yn", "what_i_do"],
            user_rows(),
        ),
        (TeammatePin, ["id", "viewer_id", "teammate_id"], [(n, 1, n + 1) for n in range(1, 6)]),
        (Project, ["id", "workspace_id", "title", "color_id"], projects),
        (ProjectMembership, ["id", "project_id", "user_id", "access_type_enum"], memberships),
        (TaskList, ["id", "parent_project_id", "title"], lists),
        (TaskListMembership, ["id", "task_list_id", "user_id", "access_type_enum"], list_memberships),
        (Section, ["id", "task_list_id", "title", "index"], sections),
        (
            Task,
            ["id", "task_list_id", "section_id", "title", "owner_user_id", "priority", "archived_yn"],
            tasks,
        ),
        (
            UserTask,
            ["id", "task_id", "user_id", "today_yn", "starred_yn", "next_shift_yn", "role_enum"],
            user_tasks,
        ),
        (
            WorkDay,
            ["id", "user_id", "work_date", "start_datetime", "end_datetime", "work_time_seconds"],
            days,
        ),
        (
            WorkShift,
            [
                "id",
                "work_day_id",
                "start_datetime",
                "end_datetime",
                "work_time",
                "break_time",
                "inactive_time",
            ],
            shifts,
        ),
        (
            StatusRecord,
            ["id", "user_id", "work_shift_id", "status_enum_identifier", "start_datetime", "end_datetime"],
            status_rows(),
        ),
        (
            WorkShiftSchedule,
            ["id", "user_id", "start_datetime", "end_datetime", "work_time_seconds"],
            schedule_rows(),
        ),
    ]
    # A bulk load into a new database: no read is kept under a stamp yet, so the read-stamp
    # triggers (apps/core/readstamps.py) are off for the COPY (foreign keys stay checked).
    tables = [sql.Identifier(model._meta.db_table) for model, _, _ in plan]
    _user_triggers(tables, "DISABLE")
    try:
        counts.update(_copy_all(plan, now, started, log))
    finally:
        _user_triggers(tables, "ENABLE")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    log(f"  analyzed ({time.monotonic() - started:.0f} s)")
    return counts


def _user_triggers(tables: list, action: str) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(sql.SQL("ALTER TABLE {} " + action + " TRIGGER USER").format(table))


def _copy_all(plan, now, started, log) -> dict[str, int]:
    from django.db import connection, transaction

    counts = {}
    with transaction.atomic(), connection.cursor() as cursor:
        for model, fields, rows in plan:
            table = Table(model, fields, now)
            table_name = model._meta.db_table
            counts[model.__name__] = table.copy(cursor.cursor, rows)
            cursor.execute(
                sql.SQL(
                    "SELECT setval(pg_get_serial_sequence({name}, 'id'), "
                    "(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
                ).format(name=sql.Literal(table_name), table=sql.Identifier(table_name))
            )
            elapsed = time.monotonic() - started
            log(f"  {model.__name__:20} {counts[model.__name__]:>9,} rows  ({elapsed:.0f} s)")
    return counts
