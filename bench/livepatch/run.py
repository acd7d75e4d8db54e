"""One teammate's status change in a 500-member workspace with N open /office screens: what each
screen receives for it (bytes), the requests it makes because of it, and the time until every screen
shows it.

    backend/.venv/bin/python -m bench.livepatch                 # 100 and 499 screens, 3 changes each
    backend/.venv/bin/python -m bench.livepatch --sizes 100 --trials 2 --skip-generate

Its own database (ro_bench_livepatch: one workspace of 500 members made by bench/scale's generator
through bench/fanout's set-up, a token each), uvicorn as `make serve` runs it (2 workers,
PostgreSQL + Redis). Member 1 posts working / taking_break in turn; every other member has one
screen (bench/livepatch/screens.py), which follows the SPA's rule: an event that carries the row is
applied; one that does not makes the screen read the teammates strip again. Run on the code before
issue 25 (events without the row) and after it, the same bench gives both columns of bench/README.md.

    backend/.venv/bin/python -m bench.livepatch --browser --skip-generate

`--browser` measures the page instead (bench/livepatch/browser.mjs): the same server, serving the
built SPA (`--dist`, default bench/.out/dist as `make bench-bundle` builds it; `--build` builds it
first), and headless Chromium opens /office as member 2: the main thread's blocking while it opens
(long tasks, total blocking time) and the time a teammate's status change takes on it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

from bench.fanout.run import STATUSES, post_status, prepare_database
from bench.lib import servers
from bench.lib.common import DEFAULT_REDIS_URL, OUT, PYTHON, REPO, load_average, percentile
from bench.lib.httpclient import Connection

MEMBERS = 500


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.livepatch", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[100, MEMBERS - 1], help="open screens per run"
    )
    parser.add_argument("--trials", type=int, default=3, help="status changes per size")
    parser.add_argument("--port", type=int, default=8024)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ro_bench_livepatch")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--skip-generate", action="store_true", help="reuse the database")
    parser.add_argument("--delivery-timeout", type=float, default=60, help="seconds to wait for every screen")
    parser.add_argument("--browser", action="store_true", help="measure /office's main thread in Chromium")
    parser.add_argument("--dist", default=str(OUT / "dist"), help="the built SPA to serve (--browser)")
    parser.add_argument("--build", action="store_true", help="build the SPA into --dist first (--browser)")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of /office (--browser)")
    parser.add_argument("--patches", type=int, default=6, help="status changes on the open page (--browser)")
    parser.add_argument(
        "--profile", action="store_true", help="profile the last load (--browser; with --build, unminified)"
    )
    return parser.parse_args(argv)


async def screens_run(args: argparse.Namespace, base: str, tokens: dict[int, str], size: int) -> dict:
    process = await asyncio.create_subprocess_exec(
        str(PYTHON),
        "-m",
        "bench.livepatch.screens",
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
        "base": base,
        "tokens": [tokens[pk] for pk in range(2, size + 2)],
        "email": "bench@example.com",
    }
    opened = await ask(json.dumps(setup))
    print(f"  {size} screens: {opened['connected']} connected in {opened['seconds']:.1f} s", file=sys.stderr)
    await asyncio.sleep(1)
    connection = Connection(base)
    latencies: list[float] = []
    received: list[int] = []
    requests: list[int] = []
    missing = 0
    for _ in range(args.trials):
        started, record_id = await post_status(connection, tokens[1], next(STATUSES))
        deadline = time.monotonic() + args.delivery_timeout
        while (await ask(f"count {record_id}"))["count"] < opened[
            "connected"
        ] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stats = await ask(f"stats {record_id}")
        missing += opened["connected"] - len(stats["shown"])
        latencies += [(shown - started) * 1000 for shown in stats["shown"]]
        received += stats["bytes"]
        requests += stats["requests"]
        await asyncio.sleep(6)  # past the old SPA's pause after a reload (at most 5 s)
    connection.close()
    process.stdin.write(b"quit\n")
    await process.stdin.drain()
    await asyncio.wait_for(process.wait(), 60)
    return {
        "screens": size,
        "connected": opened["connected"],
        "bytes_p50": percentile(received, 0.5),
        "bytes_max": max(received, default=0),
        "requests_per_screen": sum(requests) / max(1, len(requests)),
        "shown_p50_ms": percentile(latencies, 0.5),
        "shown_p99_ms": percentile(latencies, 0.99),
        "shown_max_ms": max(latencies, default=float("nan")),
        "missing": missing,
    }


async def measure(args: argparse.Namespace, tokens: dict[int, str]) -> dict:
    env = servers.backend_env(args.database_url, args.redis_url)
    async with servers.uvicorn(args.port, env) as base:
        load_before = load_average()
        runs = [await screens_run(args, base, tokens, size) for size in args.sizes]
        return {"runs": runs, "load_before": load_before, "load_after": load_average()}


async def browser(args: argparse.Namespace, tokens: dict[int, str]) -> int:
    dist = await servers.spa_dist(args.dist, args.build, minify=not args.profile)
    env = servers.backend_env(args.database_url, args.redis_url, SPA_DIST_DIR=str(dist))
    async with servers.uvicorn(args.port, env) as base:
        print(f"browser: {load_average()}")
        process = await asyncio.create_subprocess_exec(
            "node",
            str(REPO / "bench" / "livepatch" / "browser.mjs"),
            *("--base", base, "--viewer", tokens[2], "--poster", tokens[1]),
            *("--loads", str(args.loads), "--patches", str(args.patches)),
            *(["--profile"] if args.profile else []),
            cwd=REPO,
        )
        code = await process.wait()
        print(f"after: {load_average()}")
        return code


def report(args: argparse.Namespace, result: dict) -> None:
    print(f"\nbench/livepatch: {MEMBERS}-member workspace, {args.trials} status changes per size, 2 workers")
    print(f"before: {result['load_before']}; after: {result['load_after']}")
    columns = ("screens", "bytes p50", "bytes max", "req/screen", "shown p50", "p99 ms", "max ms", "missing")
    print(" ".join(f"{name:>10}" for name in columns) + "  target")
    for run in result["runs"]:
        met = run["bytes_max"] <= 2048 and run["requests_per_screen"] == 0 and run["missing"] == 0
        values = (
            f"{run['screens']:10d}",
            f"{run['bytes_p50']:10.0f}",
            f"{run['bytes_max']:10d}",
            f"{run['requests_per_screen']:10.2f}",
            f"{run['shown_p50_ms']:10.1f}",
            f"{run['shown_p99_ms']:10.1f}",
            f"{run['shown_max_ms']:10.1f}",
            f"{run['missing']:10d}",
        )
        print(" ".join(values) + "  " + ("ok" if met else "MISS (<= 2 KB and 0 requests per screen)"))


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    tokens = prepare_database(args, MEMBERS)
    if args.browser:
        sys.exit(asyncio.run(browser(args, tokens)))
    result = asyncio.run(measure(args, tokens))
    report(args, result)
    OUT.mkdir(parents=True, exist_ok=True)
    Path(OUT / f"livepatch-{time.strftime('%Y%m%dT%H%M%S')}.json").write_text(json.dumps(result, indent=2))
    return result
