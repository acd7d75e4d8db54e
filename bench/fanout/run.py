"""A status change fanned out to N websockets: latency from the POST to every socket, the POST's own
time with and without sockets open, and the time to connect all sockets.

    backend/.venv/bin/python -m bench.fanout                    # 200 and 1,000 sockets
    backend/.venv/bin/python -m bench.fanout --sizes 200 --trials 20 --skip-generate

Its own database (ro_bench_fanout: one workspace of 1,001 members made by bench/scale's generator,
a token each), uvicorn as `make serve` runs it (2 workers, PostgreSQL + Redis), and the sockets in a
separate process (bench/fanout/sockets.py). Member 1 posts working / taking_break in turn; every
other member has one socket, so each status change reaches every socket through the workspace group.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
import time
from pathlib import Path

from bench.lib import servers
from bench.lib.common import (
    DEFAULT_REDIS_URL,
    OUT,
    PYTHON,
    REPO,
    load_average,
    median,
    parse_env,
    percentile,
)
from bench.lib.httpclient import Connection
from bench.lib.members import workspace_with_tokens

DEFAULT_FANOUT_URL = "postgres://postgres@127.0.0.1:5432/ro_bench_fanout"
# Databases this bench may drop and rebuild: its default, or a fanout database of one's own.
OWNED_DATABASES = ("ro_bench", "ro_fan")
POST_PATH = "/api/work/create_log_user_status/"
# Alternated across the whole run: posting the status one already has changes nothing (no event).
STATUSES = itertools.cycle(["working", "taking_break"])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.fanout", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000], help="sockets per run")
    parser.add_argument("--trials", type=int, default=15, help="status changes per size")
    parser.add_argument("--port", type=int, default=8022)
    parser.add_argument("--database-url", default=DEFAULT_FANOUT_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--skip-generate", action="store_true", help="reuse the fanout database")
    parser.add_argument("--env", action="append", metavar="KEY=VALUE", help="extra server setting")
    parser.add_argument(
        "--layers",
        nargs="+",
        choices=["pubsub", "core"],
        help="one server per channel layer (CHANNEL_LAYER), one after the other in this run; "
        "default: the settings' default layer only",
    )
    parser.add_argument("--delivery-timeout", type=float, default=15, help="seconds to wait for all sockets")
    return parser.parse_args(argv)


def prepare_database(args: argparse.Namespace, members: int) -> dict[int, str]:
    """(Re)create the workspace of `members` users and give each a token; returns {user id: key}."""
    keys = workspace_with_tokens(
        args.database_url,
        args.redis_url,
        members,
        owned=OWNED_DATABASES,
        user_agent="bench/fanout",
        generate=not args.skip_generate,
        tasks=1000,
        status_records=0,
        days=7,
        big_projects=5,
    )
    # The posting member starts out of the office, so the first change opens a fresh shift.
    from apps.accounts.models import User
    from apps.work.services import status as services

    services.leave_office(user=User.objects.get(pk=1))
    return keys


async def post_status(connection: Connection, token: str, status: str) -> tuple[float, int]:
    started = time.monotonic()
    code, body = await connection.request(
        "POST", POST_PATH, {"Authorization": f"Token {token}"}, {"status_enum_identifier": status}
    )
    if code != 201:
        raise SystemExit(f"status change answered {code}: {body[:200]!r}")
    return started, json.loads(body)["id"]


async def post_times(base: str, token: str, trials: int) -> list[float]:
    """The POST's own time (ms) with no socket open."""
    connection = Connection(base)
    durations = []
    for _ in range(trials):
        started, _ = await post_status(connection, token, next(STATUSES))
        durations.append((time.monotonic() - started) * 1000)
        await asyncio.sleep(0.2)
    connection.close()
    return durations


async def fan_out(args: argparse.Namespace, base: str, tokens: dict[int, str], size: int) -> dict:
    process = await asyncio.create_subprocess_exec(
        str(PYTHON),
        "-m",
        "bench.fanout.sockets",
        cwd=REPO,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        limit=2**24,
    )
    assert process.stdin is not None and process.stdout is not None

    async def ask(line: str) -> dict:
        process.stdin.write((line + "\n").encode())
        await process.stdin.drain()
        return json.loads(await process.stdout.readline())

    setup = {
        "url": base.replace("http://", "ws://", 1) + "/ws/work/user_status/",
        "origin": base,
        "tokens": [tokens[pk] for pk in range(2, size + 2)],
        "email": "bench@example.com",
    }
    opened = await ask(json.dumps(setup))
    print(f"  {size} sockets: {opened['connected']} connected in {opened['seconds']:.1f} s", file=sys.stderr)
    await asyncio.sleep(1)
    connection = Connection(base)
    latencies: list[float] = []
    per_trial_p99: list[float] = []
    posts: list[float] = []
    missing = 0
    for _ in range(args.trials):
        started, record_id = await post_status(connection, tokens[1], next(STATUSES))
        posts.append((time.monotonic() - started) * 1000)
        deadline = time.monotonic() + args.delivery_timeout
        while (await ask(f"count {record_id}"))["count"] < opened[
            "connected"
        ] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        times = (await ask(f"times {record_id}"))["times"]
        missing += opened["connected"] - len(times)
        trial_latencies = [(arrival - started) * 1000 for arrival in times]
        latencies += trial_latencies
        per_trial_p99.append(percentile(trial_latencies, 0.99))
        await asyncio.sleep(0.3)
    connection.close()
    process.stdin.write(b"quit\n")
    await process.stdin.drain()
    await asyncio.wait_for(process.wait(), 60)
    return {
        "sockets": size,
        "connected": opened["connected"],
        "connect_failed": opened["failed"],
        "connect_errors": opened["errors"],
        "connect_seconds": opened["seconds"],
        "latency_p50": percentile(latencies, 0.5),
        "latency_p99": percentile(latencies, 0.99),
        "latency_max": max(latencies, default=float("nan")),
        "median_trial_p99": median(per_trial_p99),
        "post_p50": percentile(posts, 0.5),
        "post_max": max(posts, default=float("nan")),
        "missing": missing,
    }


async def measure(args: argparse.Namespace, tokens: dict[int, str], layer: str | None) -> dict:
    extra = parse_env(args.env)
    if layer:
        extra["CHANNEL_LAYER"] = layer
    env = servers.backend_env(args.database_url, args.redis_url, **extra)
    async with servers.uvicorn(args.port, env) as base:
        load_before = load_average()
        await post_times(base, tokens[1], 4)  # warm-up
        baseline = await post_times(base, tokens[1], args.trials)
        runs = [await fan_out(args, base, tokens, size) for size in args.sizes]
        return {
            "layer": layer or "settings' default",
            "baseline": baseline,
            "runs": runs,
            "load_before": load_before,
            "load_after": load_average(),
        }


def report(args: argparse.Namespace, result: dict) -> None:
    base_p50 = percentile(result["baseline"], 0.5)
    print(
        f"\nbench/fanout: {args.trials} status changes per size, uvicorn 2 workers, "
        f"Redis channel layer: {result['layer']}"
    )
    print(f"before: {result['load_before']}; after: {result['load_after']}")
    print(f"POST with no socket open: p50 {base_p50:.1f} ms, max {max(result['baseline']):.1f} ms")
    print(
        f"{'sockets':>7} {'connect s':>9} {'failed':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'POST p50':>8} {'x none':>6} {'missing':>7}  target"
    )
    for run in result["runs"]:
        ratio = run["post_p50"] / base_p50
        p99_target = 100 if run["sockets"] <= 200 else 250
        met = run["latency_p99"] <= p99_target and ratio <= 1.5 and run["missing"] == 0
        connect_ok = run["sockets"] < 1000 or run["connect_seconds"] <= 3
        verdict = "ok" if met and connect_ok else f"MISS (p99 <= {p99_target} ms, POST <= 1.5x"
        verdict += "" if met and connect_ok else (", connect <= 3 s)" if run["sockets"] >= 1000 else ")")
        print(
            f"{run['sockets']:7d} {run['connect_seconds']:9.1f} {run['connect_failed']:6d} "
            f"{run['latency_p50']:7.1f} {run['latency_p99']:7.1f} {run['latency_max']:7.1f} "
            f"{run['post_p50']:8.1f} {ratio:5.2f}x {run['missing']:7d}  {verdict}"
        )
        if run["connect_errors"]:
            print(f"        connect errors (first 3): {run['connect_errors']}")


def main(argv: list[str] | None = None) -> list[dict]:
    args = parse_args(argv)
    tokens = prepare_database(args, max(args.sizes) + 1)
    results = [asyncio.run(measure(args, tokens, layer)) for layer in args.layers or [None]]
    for result in results:
        report(args, result)
    OUT.mkdir(parents=True, exist_ok=True)
    path = Path(OUT / f"fanout-{time.strftime('%Y%m%dT%H%M%S')}.json")
    path.write_text(json.dumps(results, indent=2))
    return results
