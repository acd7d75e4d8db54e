"""Mixed soak and overload: many members, six reads and three kinds of write, their sockets open.

    backend/.venv/bin/python -m bench.soak --duration 900               # soak: 20 req/s, 15 min
    backend/.venv/bin/python -m bench.soak --skip-generate --ramp 10 20 30 40 60 80 120 160

Its own database (ro_bench_soak by default: workspace 1 of --members members made by bench/scale's
generator, a token each, every member working on one task of theirs), uvicorn as `make serve`
runs it (2 workers, PostgreSQL + Redis; bench/lib/servers.py) and one socket per member
(bench/lib/sockets.py). Requests arrive open-loop at --rate (a late answer never slows the
arrivals, as with real users), each from a member drawn at random: 4 in 5 one of the hot reads,
1 in 5 one of three writes (a status change working <-> break, a task added to / removed from
the member's work day of today, the task tracker started / paused on another task: its pause
writes the time on that task), on keep-alive connections (--connections of them opened first,
spread evenly over the workers by bench/lib/spread.py and taken in turn). --write-share and
--writes change the mix: `--write-share 0` reads only; `--writes today` writes that do not
lengthen the day (a status change adds a status record, a tracker pause a tracked interval; the
Today toggle adds neither).
`--status-per-hour N` keeps the default mix's requests and writes but lets each member change
status at most once in 60/N minutes (a status change drawn sooner is a Today toggle instead), so
the members' days grow at the pace of a person rather than every 2.5 minutes.

Soak (default): reported per minute are the requests, answers and latency, each server process's
RSS and the load average; then per kind, the sockets (events received, drops, refusals), the RSS
slope after warm-up, the server log's tracebacks and each server process's CPU over the run (a
worker that served little shows there). --env MEMORY_TRACE_EVERY=120 (and MEMORY_TRACE_DIR) makes
the servers write tracemalloc diffs by allocation site (apps/core/memtrace.py).

Ramp (--ramp RATE ...): each rate for --step-seconds; per step the goodput (2xx answers a
second), the refusals (503 busy) and their latency, the latency of the 2xx answers, other
failures, the load average. The sustainable rate is the highest step with at least 99% 2xx and
a p99 under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path

from bench.lib import servers
from bench.lib.common import DEFAULT_REDIS_URL, OUT, load_average, parse_env, percentile
from bench.lib.httpclient import Connection
from bench.lib.members import workspace_with_tokens
from bench.lib.procs import process
from bench.lib.rss import sample_rss, session_pids, slope_per_minute
from bench.lib.sockets import Sockets, one_socket, sample_sockets, ws_url
from bench.lib.spread import spread

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ro_bench_soak"
OWNED_DATABASES = ("ro_bench",)
USER_AGENT = "bench/soak"
REQUEST_TIMEOUT = 15.0
READS = {
    "me": "/api/accounts/me/",
    "current status": "/api/work/current_user_status/",
    "worktime summary": "/api/work/worktime_summary/",
    "teammates": "/api/accounts/teammates/",
    "project list": "/api/projects/project/?archived_yn=false",
    "counts": "/api/projects/tasks/groups/counts/",
}
WRITES = ("status", "today", "tracker")
STATUS = "/api/work/create_log_user_status/"


def _at_least_one(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: at least 1 (a status change an hour)")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--port", type=int, default=8024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--connections", type=int, default=8, help="keep-alive connections spread over the workers first"
    )
    parser.add_argument("--members", type=int, default=200, help="members, each with a token")
    parser.add_argument("--sockets", type=int, default=200, help="one per member (wrapping around)")
    parser.add_argument("--rate", type=float, default=20, help="requests per second (soak)")
    parser.add_argument("--duration", type=float, default=600, help="seconds (soak)")
    parser.add_argument("--ramp", type=float, nargs="+", help="requests per second, one step each")
    parser.add_argument("--step-seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=60, help="seconds at --rate before a ramp")
    parser.add_argument("--rss-every", type=float, default=10)
    parser.add_argument("--skip-generate", action="store_true", help="reuse the soak database")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--env", action="append", metavar="KEY=VALUE", help="extra server setting")
    parser.add_argument(
        "--write-share", type=float, default=0.2, help="the share of requests that write (0: reads only)"
    )
    parser.add_argument(
        "--writes", nargs="+", choices=WRITES, default=list(WRITES), help="the kinds of write in the mix"
    )
    parser.add_argument(
        "--status-per-hour",
        type=_at_least_one,
        default=None,
        help="a member changes status at most once in 60/N minutes; the rest become Today toggles",
    )
    return parser.parse_args(argv)


@dataclass
class Member:
    token: str
    task: int  # the tracker's
    today_task: int  # added to and removed from the work day of today
    working: bool = False
    tracking: bool = False
    today: bool = False
    status_sent: float | None = None  # the last status change drawn, seconds since the start


@dataclass
class Request:
    sent: float  # seconds since the start
    kind: str
    status: int = 0  # 0: no answer (reset, timeout)
    latency: float = float("nan")  # ms
    busy: bool = False  # 503 "busy": refused by admission
    error: str = ""
    paced: bool = False  # a status change drawn, sent as a Today toggle (--status-per-hour)


def prepare(args: argparse.Namespace) -> dict[int, Member]:
    keys = workspace_with_tokens(
        args.database_url,
        args.redis_url,
        args.members,
        owned=OWNED_DATABASES,
        user_agent=USER_AGENT,
        generate=not args.skip_generate,
        tasks=20 * args.members,
        status_records=30 * args.members,
        days=14,
        big_projects=10,
    )
    from apps.accounts.models import User
    from apps.projects.permissions import visible_tasks

    members = {}
    for user in User.objects.filter(pk__in=keys).order_by("pk"):
        tasks = visible_tasks(user).filter(archived_yn=False).order_by("pk").values_list("pk", flat=True)
        first_two = list(tasks[:2])
        if len(first_two) < 2:
            raise SystemExit(f"member {user.pk} sees fewer than two tasks: the generator's shape changed")
        members[user.pk] = Member(keys[user.pk], *first_two)
    return members


class Pool:
    """Keep-alive connections: a request takes the longest idle one, or opens one.

    Taken in turn, the connections opened and spread over the workers beforehand (`open`) share
    the requests between the workers; reusing the last one returned instead sent every request of
    a 20 req/s soak down one connection, so one worker served them all and the other only sockets.
    """

    def __init__(self, base: str) -> None:
        self.base = base
        self.idle: deque[Connection] = deque()

    async def open(self, count: int) -> Counter:
        """Open `count` connections spread evenly over the workers; the connections per worker."""
        connections = [Connection(self.base) for _ in range(count)]
        await asyncio.gather(*(connection.open() for connection in connections))
        per_worker = await spread(connections)
        self.idle.extend(connections)
        return per_worker

    async def request(
        self, method: str, path: str, token: str, body: object = None
    ) -> tuple[int, bytes, dict]:
        reused = bool(self.idle)
        connection = self.idle.popleft() if reused else Connection(self.base)
        try:
            status, data = await self._send(connection, method, path, token, body)
        except (asyncio.IncompleteReadError, ConnectionResetError):
            if not reused:
                raise
            # The server closed the idle connection (its keep-alive timeout) as it was reused: a
            # browser opens a new one and sends again; so does this client, once.
            connection = Connection(self.base)
            status, data = await self._send(connection, method, path, token, body)
        if connection.writer is not None:
            self.idle.append(connection)
        return status, data, connection.last_headers

    @staticmethod
    async def _send(connection: Connection, method: str, path: str, token: str, body: object):
        headers = {"Authorization": f"Token {token}"}
        try:
            return await asyncio.wait_for(connection.request(method, path, headers, body), REQUEST_TIMEOUT)
        except BaseException:
            connection.close()
            raise


def _write(kind: str, member: Member) -> tuple[str, str, object]:
    if kind == "status":
        return "POST", STATUS, {"status_enum_identifier": "taking_break" if member.working else "working"}
    if kind == "today":
        return "DELETE" if member.today else "POST", "/api/work/workday_task/", {"task": member.today_task}
    if member.tracking:
        return "POST", "/api/work/task_tracker/pause/", None
    return "POST", "/api/work/task_tracker/start/", {"task": member.task, "end_break": True}


def _written(kind: str, member: Member) -> None:
    """The member's state after a write that succeeded."""
    if kind == "status":
        member.working = not member.working
        if not member.working:
            member.tracking = False  # a break pauses the tracker
    elif kind == "today":
        member.today = not member.today
    else:
        member.tracking = not member.tracking
        member.working = True  # starting ends a break; pausing keeps working


async def one_request(
    pool: Pool, member: Member, kind: str, started: float, *, paced: bool = False
) -> Request:
    record = Request(sent=time.monotonic() - started, kind=kind, paced=paced)
    if kind in READS:
        method, path, body = "GET", READS[kind], None
    else:
        method, path, body = _write(kind, member)
    t0 = time.monotonic()
    try:
        status, data, headers = await pool.request(method, path, member.token, body)
        record.status = status
        if status == 503:
            with contextlib.suppress(ValueError, AttributeError):
                record.busy = "busy" in json.loads(data).get("detail", "")
        elif 200 <= status < 300 and kind in WRITES:
            _written(kind, member)
    except TimeoutError:
        record.error = "timeout"
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        record.error = type(error).__name__
    finally:
        record.latency = (time.monotonic() - t0) * 1000
    return record


async def drive(
    pool: Pool,
    members: dict[int, Member],
    rates: list[tuple[float, float]],
    started: float,
    rng,
    *,
    write_share: float = 0.2,
    writes: tuple[str, ...] = WRITES,
    status_per_hour: int | None = None,
):
    """Open-loop arrivals: `rates` is [(until, rate)] in seconds since `started`; a request writes
    with probability `write_share`, one of `writes`; a member's status change sooner than
    1/`status_per_hour` hours after their last one is a Today toggle instead."""
    tasks = []
    ids = sorted(members)
    next_at = time.monotonic()
    for until, rate in rates:
        while next_at - started < until:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            # Drawn as before the options came (reads below 1 - share): the default mix is the same run.
            kind = rng.choice(list(READS)) if rng.random() < 1 - write_share else rng.choice(writes)
            member = members[rng.choice(ids)]
            paced = False
            if kind == "status" and status_per_hour is not None:
                # A steady pace, not a burst: the next change comes 60/N minutes after the last one.
                now = next_at - started
                if member.status_sent is not None and now - member.status_sent < 3600 / status_per_hour:
                    kind, paced = "today", True
                else:
                    member.status_sent = now
            tasks.append(asyncio.create_task(one_request(pool, member, kind, started, paced=paced)))
            next_at += 1 / rate
    return list(await asyncio.gather(*tasks))


def cpu_seconds(port: int) -> dict[str, float]:
    """{"<port>/<pid>": CPU seconds so far} for the server's processes (keyed as the RSS samples)."""
    found = {pid: process(pid) for pid in session_pids(port)}
    return {f"{port}/{pid}": p.cpu_seconds for pid, p in found.items() if p is not None}


async def sample_load(until: float, started: float, every: float = 10) -> list[tuple[float, float]]:
    samples = []
    while time.monotonic() < until:
        samples.append((time.monotonic() - started, os.getloadavg()[0]))
        await asyncio.sleep(every)
    return samples


def _ok(request: Request) -> bool:
    return 200 <= request.status < 300


def _answer(request: Request) -> str:
    if request.status == 503:
        return "503 busy" if request.busy else "503 database"
    return str(request.status) if request.status else request.error


def _in(requests: list[Request], start: float, end: float) -> list[Request]:
    return [r for r in requests if start <= r.sent < end]


def _log_counts(path: Path) -> dict[str, int]:
    text = path.read_text(errors="replace") if path.exists() else ""
    needles = ["Traceback", "Internal Server Error", "database unavailable", "channel layer unavailable"]
    return {needle: text.count(needle) for needle in needles}


def _at(samples: list[tuple[float, float]], t: float) -> float:
    """The last sample taken at or before `t` (the first one if none)."""
    before = [v for s, v in samples if s <= t]
    return before[-1] if before else (samples[0][1] if samples else float("nan"))


def report_soak(args, requests, sockets: Sockets, rss, loads, logs, cpu) -> dict:
    print(
        f"\nbench/soak: {args.members} members, {args.sockets} sockets, {args.rate:g} req/s, "
        f"{args.duration / 60:.1f} min, uvicorn {args.workers} workers, "
        f"writes {args.write_share:.0%} ({', '.join(args.writes)})"
        + (f", status at most {args.status_per_hour}/h per member" if args.status_per_hour else "")
    )
    print(f"load before: {loads[0]}; after: {loads[1]}")
    keys = sorted(rss)
    print(
        f"{'min':>4} {'requests':>8} {'2xx':>5} {'p50 ms':>7} {'p99 ms':>8} "
        + " ".join(f"{k:>12}" for k in keys)
        + "  load1"
    )
    minutes = []
    for minute in range(int(args.duration // 60)):
        window = _in(requests, minute * 60, (minute + 1) * 60)
        latencies = [r.latency for r in window if _ok(r)]
        end = (minute + 1) * 60
        row = {
            "minute": minute + 1,
            "requests": len(window),
            "ok": sum(map(_ok, window)),
            "p50": percentile(latencies, 0.5),
            "p99": percentile(latencies, 0.99),
            "rss": {k: _at(rss[k], end) for k in keys},
            "load1": _at(loads[2], end),
        }
        minutes.append(row)
        print(
            f"{row['minute']:4d} {row['requests']:8d} {row['ok']:5d} {row['p50']:7.1f} {row['p99']:8.1f} "
            + " ".join(f"{row['rss'][k]:12.1f}" for k in keys)
            + f"  {row['load1']:.2f}"
        )
    print("per kind:")
    for kind in [*READS, *WRITES]:
        of_kind = [r for r in requests if r.kind == kind]
        latencies = [r.latency for r in of_kind if _ok(r)]
        answers = dict(Counter(_answer(r) for r in of_kind))
        print(
            f"  {kind:17} {len(of_kind):6d} requests, p50 {percentile(latencies, 0.5):7.1f} ms, "
            f"p99 {percentile(latencies, 0.99):7.1f} ms; answers {answers}"
        )
    paced = sum(r.paced for r in requests)
    if args.status_per_hour:
        drawn = sum(r.kind == "today" for r in requests) - paced
        print(f"  of the Today toggles, {drawn} drawn as such and {paced} status changes paced into one")
    errors = [r for r in requests if not _ok(r)]
    print(f"not 2xx: {len(errors)} of {len(requests)}: {dict(Counter(_answer(r) for r in errors))}")
    open_counts = [n for t, n in sockets.samples if t >= 30]
    print(
        f"sockets: {sockets.events} events received; open {min(open_counts, default=0)}-"
        f"{max(open_counts, default=0)} after 30 s; opened {sockets.opened}, dropped by the server "
        f"{sockets.dropped}, refused {dict(sockets.refused)}, failed {dict(sockets.failed)}"
    )
    print(f"server log: {logs}")
    total = sum(cpu.values())
    print(
        f"server CPU over the run (s; the share of the server's {total:.0f} s): "
        + ", ".join(f"{key} {seconds:.0f} ({seconds / total:.0%})" for key, seconds in cpu.items() if total)
    )
    print("worker RSS (MB): first, last, slope MB/min after 2 min and over the last half")
    slopes = {}
    for key in keys:
        points = rss[key]
        after_warmup = slope_per_minute([(t, v) for t, v in points if t >= 120])
        last_half = slope_per_minute([(t, v) for t, v in points if t >= args.duration / 2])
        slopes[key] = (after_warmup, last_half)
        print(f"  {key:14} {points[0][1]:7.1f} {points[-1][1]:7.1f} {after_warmup:+8.3f} {last_half:+8.3f}")
    return {
        "minutes": minutes,
        "slopes": slopes,
        "events": sockets.events,
        "not_2xx": len(errors),
        "paced_status_changes": paced,
        "cpu": cpu,
    }


def report_ramp(args, requests, steps: list[tuple[float, float, float]], loads) -> dict:
    print(
        f"\nbench/soak --ramp: {args.members} members, {args.sockets} sockets, uvicorn {args.workers} workers"
    )
    print(f"load before: {loads[0]}; after: {loads[1]}")
    print(
        f"{'offered':>7} {'sent':>5} {'2xx/s':>6} {'2xx %':>6} {'busy':>5} {'busy p50':>8} {'busy p99':>8} "
        f"{'2xx p50':>8} {'2xx p99':>8} {'other':>5}  load1"
    )
    rows = []
    sustainable = None
    for start, end, rate in steps:
        window = _in(requests, start, end)
        ok = [r for r in window if _ok(r)]
        busy = [r for r in window if r.status == 503 and r.busy]
        other = [r for r in window if not _ok(r) and not (r.status == 503 and r.busy)]
        row = {
            "offered": rate,
            "sent": len(window),
            "goodput": len(ok) / (end - start),
            "ok_share": len(ok) / len(window) if window else float("nan"),
            "busy": len(busy),
            "busy_p50": percentile([r.latency for r in busy], 0.5),
            "busy_p99": percentile([r.latency for r in busy], 0.99),
            "ok_p50": percentile([r.latency for r in ok], 0.5),
            "ok_p99": percentile([r.latency for r in ok], 0.99),
            "other": dict(Counter(_answer(r) for r in other)),
            "load1": _at(loads[2], end),
        }
        rows.append(row)
        if row["ok_share"] >= 0.99 and row["ok_p99"] < 1000:
            sustainable = rate
        print(
            f"{rate:7g} {row['sent']:5d} {row['goodput']:6.1f} {100 * row['ok_share']:5.1f}% "
            f"{row['busy']:5d} {row['busy_p50']:8.1f} {row['busy_p99']:8.1f} "
            f"{row['ok_p50']:8.1f} {row['ok_p99']:8.1f} "
            f"{sum(row['other'].values()):5d}  {row['load1']:.2f} {row['other'] or ''}"
        )
    found = "none" if sustainable is None else f"{sustainable:g}"
    print(f"sustainable (>= 99% 2xx, p99 < 1 s): {found} req/s")
    at_sustainable = next((row for row in rows if row["offered"] == sustainable), None)
    at_4x = next((row for row in rows if sustainable and row["offered"] == 4 * sustainable), None)
    if at_sustainable and at_4x:
        share = at_4x["goodput"] / at_sustainable["goodput"]
        print(
            f"goodput at 4x the sustainable rate ({at_4x['offered']:g} req/s): {at_4x['goodput']:.1f}/s, "
            f"{100 * share:.0f}% of the {at_sustainable['goodput']:.1f}/s at {sustainable:g} req/s"
        )
    elif sustainable:
        print(f"no step at 4x the sustainable rate ({4 * sustainable:g} req/s): add it to --ramp")
    return {"steps": rows, "sustainable": sustainable}


async def run(args: argparse.Namespace, members: dict[int, Member]) -> dict:
    env = servers.backend_env(
        args.database_url,
        args.redis_url,
        CHANNEL_PREFIX=f"soak{args.port}",
        CACHE_PREFIX=f"soak{args.port}",
        **parse_env(args.env),
    )
    rng = random.Random(args.seed)  # noqa: S311 (a reproducible mix, not a secret)
    async with servers.uvicorn(args.port, env, workers=args.workers, healthy_seconds=300) as base:
        pool = Pool(base)
        print(f"keep-alive connections per worker: {dict(await pool.open(args.connections))}")
        # Everyone starts working (the writes' first status change is then a break).
        for member in members.values():
            status, data, _ = await pool.request(
                "POST", STATUS, member.token, {"status_enum_identifier": "working"}
            )
            if status not in (200, 201):
                raise SystemExit(f"could not start working: {status} {data[:200]!r}")
            member.working = True
        if args.ramp:
            steps, at = [], args.warmup
            plan = [(args.warmup, args.rate)]
            for rate in args.ramp:
                steps.append((at, at + args.step_seconds, rate))
                at += args.step_seconds
                plan.append((at, rate))
            duration = at
        else:
            plan, steps, duration = [(args.duration, args.rate)], [], args.duration
        load_before = load_average()
        cpu_before = cpu_seconds(args.port)
        started = time.monotonic()
        until = started + duration
        state = Sockets()
        tokens = [members[pk].token for pk in sorted(members)]
        socket_tasks = [
            asyncio.create_task(one_socket(ws_url(base), base, tokens[i % len(tokens)], state, until, i))
            for i in range(args.sockets)
        ]
        sampler = asyncio.create_task(sample_sockets(state, until, started))
        rss_task = asyncio.create_task(sample_rss([args.port], args.rss_every, until, started))
        load_task = asyncio.create_task(sample_load(until, started))
        requests = await drive(
            pool,
            members,
            plan,
            started,
            rng,
            write_share=args.write_share,
            writes=tuple(args.writes),
            status_per_hour=args.status_per_hour,
        )
        await asyncio.gather(*socket_tasks, sampler)
        rss = await rss_task
        load_samples = await load_task
        loads = (load_before, load_average(), load_samples)
        cpu_after = cpu_seconds(args.port)
        cpu = {key: cpu_after[key] - cpu_before.get(key, 0.0) for key in cpu_after}
        for connection in pool.idle:
            connection.close()
    logs = _log_counts(OUT / f"uvicorn-{args.port}.log")
    if args.ramp:
        result = report_ramp(args, requests, steps, loads)
    else:
        result = report_soak(args, requests, state, rss, loads, logs, cpu)
    result.update({"args": vars(args), "loads": loads[:2], "rss": rss, "logs": logs})
    return result


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    members = prepare(args)
    result = asyncio.run(run(args, members))
    OUT.mkdir(parents=True, exist_ok=True)
    # the port too: two soaks side by side (an A/B of a server setting) end in the same second
    path = OUT / f"soak-{'ramp-' if args.ramp else ''}{time.strftime('%Y%m%dT%H%M%S')}-{args.port}.json"
    path.write_text(json.dumps(result, indent=2, default=str))
    print(f"(written to {path.relative_to(OUT.parent.parent)}; pid {os.getpid()})", file=sys.stderr)
    return result
