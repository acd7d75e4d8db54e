"""The bare view vs each hot read, interleaved rounds, medians, ratios, errors: one table.

    backend/.venv/bin/python -m bench.http                  # starts uvicorn as `make serve` does
    backend/.venv/bin/python -m bench.http --wsgi           # + a gunicorn deployment of the bare view
    backend/.venv/bin/python -m bench.http --base http://127.0.0.1:8000 --no-seed   # a running server
    backend/.venv/bin/python -m bench.http --production --wsgi   # /api as docker compose serves it
                                  # (gunicorn gthread), + the gunicorn reference and `make run`'s uvicorn

Each round runs every endpoint for the same number of requests at the same concurrency, one
endpoint after the other (the order rotates each round), so a burst of load from elsewhere on the
machine hits all endpoints alike. The table shows, per endpoint, the median over rounds of the
requests per second and of p50/p99, each as a ratio to the bare view of the same server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import sys
import time

from bench.lib import servers
from bench.lib.common import (
    DEFAULT_DATABASE_URL,
    DEFAULT_REDIS_URL,
    OUT,
    load_average,
    median,
    parse_env,
    percentile,
    require_loopback,
)
from bench.lib.httpclient import Batch, call_bytes, call_json, run_batch

BARE = "bare"
WSGI_BARE = "bare (gunicorn)"
UVICORN_BARE = "bare (uvicorn)"
# The hot reads every page load makes (frontend/src/api/*.ts), by the name the issue uses.
HOT_READS = {
    "me": "/api/accounts/me/",
    "current status": "/api/work/current_user_status/",
    "worktime summary": "/api/work/worktime_summary/",
    "teammates": "/api/accounts/teammates/",
    "project list": "/api/projects/project/?archived_yn=false",
    "counts": "/api/projects/tasks/groups/counts/",
}


def _calendar_reads(today: dt.date) -> dict[str, str]:
    """The calendar's week and month reads (issue 29) around `today`: Monday's week, and the six
    weeks that hold this month (the month view's 42 days)."""
    week = today - dt.timedelta(days=today.weekday())
    first = today.replace(day=1)
    month = first - dt.timedelta(days=first.weekday())
    path = "/api/work/calendar/?from_date={}&to_date={}"
    return {
        "calendar week": path.format(week, week + dt.timedelta(days=6)),
        "calendar month": path.format(month, month + dt.timedelta(days=41)),
    }


HOT_READS.update(_calendar_reads(dt.datetime.now(dt.UTC).date()))
# Issue 8's targets for a hot read, relative to the bare view of the same run.
TARGET_RATE, TARGET_P99 = 0.7, 1.5
TARGET_WSGI = 0.8
# Issue 29's target for the calendar's reads: p99 at most 2x the `me` read's of the same run.
CALENDAR_PREFIX, ME, TARGET_CALENDAR_P99_X_ME = "calendar", "me", 2.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.http", description=__doc__.split("\n")[0])
    parser.add_argument("--base", help="an already running server (loopback); default: start uvicorn")
    parser.add_argument("--port", type=int, default=8020, help="uvicorn port; gunicorn uses port+1")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--no-seed", action="store_true", help="skip migrate + seed_demo before serving")
    parser.add_argument("--email", default="ada@example.com")
    parser.add_argument("--password", default="remote-2026")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1, help="rounds run first and not counted")
    parser.add_argument("--requests", type=int, default=1000, help="requests per endpoint per round")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--batch-seconds", type=float, default=30, help="cap on one endpoint's batch")
    parser.add_argument(
        "--no-spread", action="store_true", help="leave connections where the workers' accept race put them"
    )
    parser.add_argument("--only", nargs="*", help="hot reads to run (names as in the table)")
    parser.add_argument(
        "--padded",
        action="store_true",
        help="add the bare view padded to the teammates answer's size (what its bytes cost alone)",
    )
    parser.add_argument("--wsgi", action="store_true", help="also serve the bare view from gunicorn")
    parser.add_argument("--gunicorn-worker-class", default="gthread", help="sync closes each connection")
    parser.add_argument("--gunicorn-threads", type=int, default=4)
    parser.add_argument(
        "--production",
        action="store_true",
        help="serve /api as docker compose does (gunicorn gthread, threads = pool size) and measure "
        "through it; `make run`'s uvicorn serves one more bare-view row on port+2",
    )
    parser.add_argument("--production-threads", type=int, default=servers.PRODUCTION_THREADS)
    parser.add_argument("--json", help="also write the results to this file (default bench/.out/)")
    parser.add_argument("--env", action="append", metavar="KEY=VALUE", help="extra server setting")
    parser.add_argument("--label", default="demo", help="data set name shown in the output")
    return parser.parse_args(argv)


async def sign_in(base: str, email: str, password: str) -> tuple[str, int]:
    status, body = await call_json(
        base, "POST", "/api/accounts/token/", body={"email": email, "password": password}
    )
    if status != 200:
        raise SystemExit(f"sign-in as {email} failed: {status} {body}")
    token = body["token"]
    status, me = await call_json(base, "GET", "/api/accounts/me/", token)
    if status != 200:
        raise SystemExit(f"/api/accounts/me/ answered {status}")
    # In the office, so status and summary reads do their real work.
    status, _ = await call_json(
        base, "POST", "/api/work/create_log_user_status/", token, {"status_enum_identifier": "working"}
    )
    if status not in (200, 201):
        print(f"note: entering the office answered {status}", file=sys.stderr)
    return token, me["id"]


async def measure(
    args: argparse.Namespace, base: str, wsgi_base: str | None, uvicorn_base: str | None = None
) -> dict:
    token, user_id = await sign_in(base, args.email, args.password)
    auth = {"Authorization": f"Token {token}"}
    targets: dict[str, tuple[str, str, dict[str, str]]] = {BARE: (base, f"/api/bench/bare/?id={user_id}", {})}
    if wsgi_base:
        targets[WSGI_BARE] = (wsgi_base, f"/api/bench/bare/?id={user_id}", {})
    if uvicorn_base:
        targets[UVICORN_BARE] = (uvicorn_base, f"/api/bench/bare/?id={user_id}", {})
    if args.padded:
        # The bare view answering as many bytes as the teammates strip: transport alone.
        _, body = await call_bytes(base, "GET", HOT_READS["teammates"], token)
        padded = f"/api/bench/bare/?id={user_id}&pad={len(body)}"
        targets[f"bare + {len(body) // 1024} KB"] = (base, padded, {})
    for name, path in HOT_READS.items():
        if not args.only or name in args.only:
            targets[name] = (base, path, auth)

    names = list(targets)
    batches: dict[str, list[Batch]] = {name: [] for name in names}
    load_before = load_average()
    for round_number in range(args.warmup + args.rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            target_base, path, headers = targets[name]
            batch = await run_batch(
                target_base,
                path,
                headers,
                args.requests,
                args.concurrency,
                max_seconds=args.batch_seconds,
                spread_connections=not args.no_spread,
            )
            if round_number >= args.warmup:
                batches[name].append(batch)
        label = "warm-up" if round_number < args.warmup else f"round {round_number - args.warmup + 1}"
        print(f"  {label} done ({load_average()})", file=sys.stderr)
    return {"targets": targets, "batches": batches, "load_before": load_before, "load_after": load_average()}


def summarise(batches: dict[str, list[Batch]]) -> dict[str, dict]:
    rows = {}
    for name, runs in batches.items():
        rows[name] = {
            "rps": median([batch.rate for batch in runs]),
            "p50": median([percentile(batch.latencies_ms, 0.50) for batch in runs]),
            "p99": median([percentile(batch.latencies_ms, 0.99) for batch in runs]),
            "ok": sum(len(batch.latencies_ms) for batch in runs),
            "errors": dict(sum((batch.errors for batch in runs), start=type(runs[0].errors)()))
            if runs
            else {},
            "capped": sum(batch.capped for batch in runs),
            "per_worker": [batch.per_worker for batch in runs],
        }
    bare = rows[BARE]
    me = rows.get(ME)
    for name, row in rows.items():
        row["rps_ratio"] = row["rps"] / bare["rps"] if bare["rps"] else float("nan")
        row["p99_ratio"] = row["p99"] / bare["p99"] if bare["p99"] else float("nan")
        if name.startswith(CALENDAR_PREFIX) and me:
            row["p99_x_me"] = row["p99"] / me["p99"] if me["p99"] else float("nan")
    return rows


def print_table(rows: dict[str, dict], args: argparse.Namespace, loads: tuple[str, str]) -> None:
    served = (
        f"production /api: gunicorn gthread {servers.PRODUCTION_WORKERS}x{args.production_threads}"
        if args.production
        else "uvicorn"
    )
    print(
        f"\nbench/http [{args.label}]: {args.rounds} rounds x {args.requests} requests per endpoint, "
        f"concurrency {args.concurrency}, medians over rounds; ratios to 'bare' ({served})"
    )
    print(f"before: {loads[0]}; after: {loads[1]}")
    header = f"{'endpoint':18} {'req/s':>8} {'x bare':>7} {'p50 ms':>8} {'p99 ms':>8} {'p99 x':>6}"
    print(header + f" {'ok':>6} {'errors':>8} {'workers':>8}  target")
    for name, row in rows.items():
        errors = sum(row["errors"].values())
        if name == BARE:
            verdict = "-"
        elif name == WSGI_BARE:
            ratio = rows[BARE]["rps"] / row["rps"] if row["rps"] else float("nan")
            served = "production" if args.production else "uvicorn"
            verdict = f"{served}/gunicorn {ratio:.2f}x " + ("ok" if ratio >= TARGET_WSGI else "MISS (>= 0.8)")
        elif name == UVICORN_BARE:
            wsgi = rows.get(WSGI_BARE)
            ratio = row["rps"] / wsgi["rps"] if wsgi and wsgi["rps"] else float("nan")
            verdict = f"uvicorn (make run)/gunicorn {ratio:.2f}x" if wsgi else "-"
        elif name.startswith("bare + "):
            verdict = "the bare view with the teammates answer's bytes (--padded): no target"
        elif name.startswith(CALENDAR_PREFIX):
            # Issue 29: p99 at most 2x the `me` read's (run `me` with it: --only me "calendar week" ...).
            ratio = row.get("p99_x_me", float("nan"))
            met = ratio <= TARGET_CALENDAR_P99_X_ME and errors == 0
            verdict = f"p99 {ratio:.2f}x me " + ("ok" if met else "MISS (p99 <= 2x me, 0 errors)")
        else:
            met = row["rps_ratio"] >= TARGET_RATE and row["p99_ratio"] <= TARGET_P99 and errors == 0
            verdict = "ok" if met else "MISS (>= 0.7x, p99 <= 1.5x, 0 errors)"
        capped = f" capped in {row['capped']} rounds" if row["capped"] else ""
        # Connections per worker process in the round least evenly spread (bench/lib/spread.py).
        spread = max(row["per_worker"], key=lambda held: max(held, default=0) - min(held, default=0))
        workers = "+".join(map(str, spread)) if spread else "-"
        print(
            f"{name:18} {row['rps']:8.1f} {row['rps_ratio']:6.2f}x {row['p50']:8.1f} {row['p99']:8.1f} "
            f"{row['p99_ratio']:5.2f}x {row['ok']:6d} {errors:8d} {workers:>8}  {verdict}{capped}"
        )
        if row["errors"]:
            print(f"{'':18} errors: {row['errors']}")


async def run(args: argparse.Namespace) -> dict:
    async with contextlib.AsyncExitStack() as stack:
        if args.base:
            require_loopback(args.base)
            base, wsgi_base, uvicorn_base = args.base, None, None
            if args.wsgi:
                raise SystemExit("--wsgi starts its own servers: leave out --base")
        else:
            env = servers.backend_env(args.database_url, args.redis_url, **parse_env(args.env))
            if not args.no_seed:
                await servers.manage(env, "migrate", "--noinput", "-v", "0")
                await servers.manage(env, "seed_demo")
            uvicorn_base = None
            if args.production:
                base = await stack.enter_async_context(
                    servers.production_api(args.port, env, threads=args.production_threads)
                )
                uvicorn_base = await stack.enter_async_context(servers.uvicorn(args.port + 2, env))
            else:
                base = await stack.enter_async_context(servers.uvicorn(args.port, env))
            wsgi_base = None
            if args.wsgi:
                wsgi_base = await stack.enter_async_context(
                    servers.gunicorn(
                        args.port + 1,
                        env,
                        worker_class=args.gunicorn_worker_class,
                        threads=args.gunicorn_threads,
                    )
                )
        started = time.monotonic()
        result = await measure(args, base, wsgi_base, uvicorn_base)
    rows = summarise(result["batches"])
    print_table(rows, args, (result["load_before"], result["load_after"]))
    print(f"({time.monotonic() - started:.0f} s of measuring)")
    record = {
        "label": args.label,
        "rounds": args.rounds,
        "requests": args.requests,
        "concurrency": args.concurrency,
        "load_before": result["load_before"],
        "load_after": result["load_after"],
        "server_env": parse_env(args.env),
        "wsgi": args.wsgi and f"gunicorn {args.gunicorn_worker_class} x{args.gunicorn_threads} threads",
        "production": args.production and f"gunicorn gthread x{args.production_threads} threads",
        "rows": rows,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    path = args.json or OUT / f"http-{args.label}-{time.strftime('%Y%m%dT%H%M%S')}.json"
    with open(path, "w") as file:
        json.dump(record, file, indent=2)
    return record


def main(argv: list[str] | None = None) -> dict:
    return asyncio.run(run(parse_args(argv)))


if __name__ == "__main__":
    main()
