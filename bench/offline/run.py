"""The offline replay (issue 33, docs/offline.md): a browser offline for a while making writes, then
back. How many of them reach the server, how many twice, in which order, and how long after the
connection returns.

    backend/.venv/bin/python -m bench.offline                      # 20 writes over 5 minutes offline
    backend/.venv/bin/python -m bench.offline --writes 20 --offline-seconds 60 --build

Its own database (ro_bench_offline: the demo data), uvicorn as `make serve` runs it (2 workers,
PostgreSQL + Redis) serving the built SPA (`--dist`, `--build` builds it first). Headless Chromium
(bench/offline/browser.mjs) opens /today as Ben, goes offline, switches Working / On a break
`--writes` times spread over `--offline-seconds`, reloads the page (still offline), goes online, and
reads Ben's status records through the API.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from bench.lib import servers
from bench.lib.common import DEFAULT_REDIS_URL, OUT, REPO, load_average


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.offline", description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=20, help="status switches made offline")
    parser.add_argument(
        "--offline-seconds", type=float, default=300, help="how long the browser stays offline"
    )
    parser.add_argument("--port", type=int, default=8025)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ro_bench_offline")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--dist", default=str(OUT / "dist"), help="the built SPA to serve")
    parser.add_argument("--build", action="store_true", help="build the SPA into --dist first")
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> int:
    dist = await servers.spa_dist(args.dist, args.build)
    env = servers.backend_env(args.database_url, args.redis_url, SPA_DIST_DIR=str(dist))
    await servers.manage(env, "migrate", "--noinput")
    await servers.manage(env, "seed_demo")
    async with servers.uvicorn(args.port, env) as base:
        before = load_average()
        out = OUT / "offline.json"
        process = await asyncio.create_subprocess_exec(
            "node",
            str(REPO / "bench" / "offline" / "browser.mjs"),
            *("--base", base, "--writes", str(args.writes), "--offline-seconds", str(args.offline_seconds)),
            *("--out", str(out)),
            cwd=REPO,
        )
        code = await process.wait()
        if code:
            return code
        result = json.loads(out.read_text())
        report(args, result, before, load_average())
        return (
            0 if result["applied"] == args.writes and result["duplicates"] == 0 and result["in_order"] else 1
        )


def report(args: argparse.Namespace, result: dict, before: str, after: str) -> None:
    lines = [
        f"\nbench/offline: {args.writes} status switches over {args.offline_seconds:.0f} s offline,"
        " a reload offline, then online",
        f"before: {before}; after: {after}",
        f"applied {result['applied']} of {args.writes}, duplicates {result['duplicates']},"
        f" in order: {result['in_order']}",
        f"online -> every write on the server: {result['all_applied_ms']:.0f} ms;"
        f" pending list empty: {result['list_empty_ms']:.0f} ms",
        "dated when clicked (more than 2 min before the replay):"
        f" {result['dated_as_clicked']} of {result['older_than_slack']}",
    ]
    print("\n".join(lines))


def main(argv: list[str] | None = None) -> None:
    sys.exit(asyncio.run(run(parse_args(argv))))
