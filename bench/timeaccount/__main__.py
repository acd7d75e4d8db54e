"""The working-time account on the 500-member workspace with a year of history (issue 27).

    backend/.venv/bin/python -m bench.timeaccount --reset        # build the data set (minutes), then measure
    backend/.venv/bin/python -m bench.timeaccount                # measure an existing data set

The data set is bench/scale's generator with only its big workspace (500 members, a year of
weekdays, 60% in the office now) into its own database (`ro_bench_h27_timeaccount` by default),
plus the working-time account's rows: the workspace default pattern and holiday region, account
starts a year ago, a part-time pattern for every fifth member, two adjustments and an approved
week of time off per member. Three measures, in process (no network, no server):

- `selectors.summaries` of all 500 members at once (balance since start, week, month), the way a
  report or an export reads them: ms per call and queries per call, with each member's worked time
  kept (read stamps, apps/timeaccount/stamps.py: nothing was written since the last call) and
  with nothing kept (every copy dropped before each call: the first read after a start, or after
  every member's time changed);
- `GET /api/work/time_account/?user=` as the workspace admin through the test client (middleware,
  token, view, JSON), cycling over the members: p50 / p99 ms;
- `GET /api/workspace/team_page/` of an owner observing 200 members (the team page's cap): p50 /
  p99 ms (each row carries the member's week and balance).

In a process started the way a production worker starts (`config.wsgi`: the start-up objects
frozen, `GC_FREEZE`). Bounded by its counts; touches only its own database (and the tokens it
makes there).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import sys
import time
from urllib.parse import urlparse

from bench.lib import servers
from bench.lib.common import BACKEND, OUT, load_average, percentile, require_loopback
from bench.scale.__main__ import recreate_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/ro_bench_h27_timeaccount"
H = 3600


def build(url: str) -> None:
    env = servers.backend_env(url, "", DB_POOL="false")
    recreate_database(url, owned=("ro_bench_h27",))
    asyncio.run(servers.manage(env, "migrate", "--noinput", "-v", "0"))
    _django(url)
    from bench.scale.generate import Shape, generate

    started = time.monotonic()
    generate(Shape(users=500, big=500, tasks=2_000, status_records=400_000, big_projects=5), log=print)
    _account_rows()
    print(f"built in {time.monotonic() - started:.0f} s ({load_average()})")


def _django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["REDIS_URL"] = ""
    os.environ["HTTPS_ONLY"] = "false"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(BACKEND))
    import django

    django.setup()


def _account_rows() -> None:
    from apps.accounts.models import Observation, User, WorkspaceRole
    from apps.core import timeutils
    from apps.timeaccount.models import (
        AccountStart,
        Adjustment,
        HolidayRegion,
        TimeOffRequest,
        TimeOffStatus,
        TimeOffType,
        WorkPattern,
    )

    today = timeutils.now().date()
    start = today - dt.timedelta(days=365)
    users = list(User.objects.filter(workspace_id=1).order_by("pk"))
    WorkPattern.objects.create(workspace_id=1, valid_from=start, weekday_seconds=[8 * H] * 5 + [0, 0])
    HolidayRegion.objects.create(workspace_id=1, country="DE", subdivision="BE")
    leave = TimeOffType.objects.create(workspace_id=1, name="Paid leave", yearly_allowance_half_days=50)
    AccountStart.objects.bulk_create(AccountStart(user=u, start_date=start) for u in users)
    WorkPattern.objects.bulk_create(
        WorkPattern(
            workspace_id=1,
            user=u,
            valid_from=start + dt.timedelta(days=90),
            weekday_seconds=[4 * H] * 5 + [0, 0],
        )
        for u in users[::5]
    )
    now = timeutils.now()
    Adjustment.objects.bulk_create(
        Adjustment(
            user=u,
            date=start + dt.timedelta(days=n * 100),
            kind="time_in_lieu",
            seconds=-H,
            reason="bench",
            created_at=now,
        )
        for u in users
        for n in range(2)
    )
    TimeOffRequest.objects.bulk_create(
        TimeOffRequest(
            user=u,
            type=leave,
            start_date=start + dt.timedelta(days=150 + u.pk % 60),
            end_date=start + dt.timedelta(days=154 + u.pk % 60),
            status=TimeOffStatus.APPROVED,
        )
        for u in users
    )
    admin = users[1]
    admin.workspace_role = WorkspaceRole.ADMIN
    admin.save(update_fields=["workspace_role"])
    owner = users[2]
    owner.team_page_access_granted_yn = True
    owner.save(update_fields=["team_page_access_granted_yn"])
    Observation.objects.bulk_create(Observation(observer=owner, observed_user=u) for u in users[3:203])


def _timed(call, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return times


def measure(url: str, rounds: int, requests: int) -> dict:
    _django(url)
    # A production worker's start (config/wsgi.py): its start-up objects frozen, out of every full
    # garbage collection's walk (apps/core/startup.py, GC_FREEZE); without it a full collection
    # (100-150 ms here) lands in the p99 of every read measured here.
    import config.wsgi  # noqa: F401
    from apps.accounts.models import AuthToken, User
    from apps.core import readstamps
    from apps.timeaccount import selectors
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    members = list(
        User.objects.filter(workspace_id=1, is_active=True).select_related("workspace").order_by("pk")
    )
    with CaptureQueriesContext(connection) as captured:
        selectors.summaries(members)
    cold_queries = len(captured)
    selectors.summaries(members)  # warm (the holiday cache, the plans)
    with CaptureQueriesContext(connection) as captured:
        selectors.summaries(members)
    queries = len(captured)
    all_times = _timed(lambda: selectors.summaries(members), rounds)

    def cold():
        readstamps.clear_all()
        selectors.summaries(members)

    cold_times = _timed(cold, rounds)
    admin, owner = members[1], members[2]
    tokens = [AuthToken.objects.create(user=admin), AuthToken.objects.create(user=owner)]
    try:
        client = Client(HTTP_AUTHORIZATION=f"Token {tokens[0].key}", HTTP_HOST="127.0.0.1")
        ids = [m.pk for m in members]
        counter = iter(range(10**9))

        def one():
            response = client.get("/api/work/time_account/", {"user": ids[next(counter) % len(ids)]})
            assert response.status_code == 200, response.content[:300]

        one()
        member_times = _timed(one, requests)
        team = Client(HTTP_AUTHORIZATION=f"Token {tokens[1].key}", HTTP_HOST="127.0.0.1")

        def team_page():
            response = team.get("/api/workspace/team_page/")
            assert response.status_code == 200 and len(response.json()) == 200, response.content[:300]

        team_page()
        team_times = _timed(team_page, max(requests // 4, 10))
    finally:
        for token in tokens:
            token.delete()
    return {
        "members": len(members),
        "all_members": {
            "queries": queries,
            "p50_ms": percentile(all_times, 0.5),
            "p99_ms": percentile(all_times, 0.99),
        },
        "all_members_nothing_kept": {
            "queries": cold_queries,
            "p50_ms": percentile(cold_times, 0.5),
            "p99_ms": percentile(cold_times, 0.99),
        },
        "one_member_api": {"p50_ms": percentile(member_times, 0.5), "p99_ms": percentile(member_times, 0.99)},
        "team_page_200": {"p50_ms": percentile(team_times, 0.5), "p99_ms": percentile(team_times, 0.99)},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.timeaccount", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--reset", action="store_true", help="drop and build the data set first")
    parser.add_argument("--rounds", type=int, default=20, help="calls of the 500-member read")
    parser.add_argument("--requests", type=int, default=200, help="calls of the one-member read")
    args = parser.parse_args(argv)
    require_loopback(args.database_url)
    if not urlparse(args.database_url).path.lstrip("/").startswith("ro_bench_h27"):
        raise SystemExit("the bench's database must be named ro_bench_h27*")
    before = load_average()
    if args.reset:
        build(args.database_url)
    result = measure(args.database_url, args.rounds, args.requests)
    result["load_average"] = {"before": before, "after": load_average()}
    print(
        f"\nworking-time account, {result['members']} members, a year of history"
        f" (load {before} -> {load_average()})"
    )
    print(f"{'read':34} {'p50 ms':>8} {'p99 ms':>8}  queries")
    rows = [
        ("summaries of all members at once", result["all_members"], str(result["all_members"]["queries"])),
        (
            "  the same, nothing kept",
            result["all_members_nothing_kept"],
            str(result["all_members_nothing_kept"]["queries"]),
        ),
        ("GET /api/work/time_account/?user=", result["one_member_api"], ""),
        ("GET /api/workspace/team_page/ (200)", result["team_page_200"], ""),
    ]
    for name, row, queries in rows:
        print(f"{name:34} {row['p50_ms']:8.1f} {row['p99_ms']:8.1f}  {queries}")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "timeaccount.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
