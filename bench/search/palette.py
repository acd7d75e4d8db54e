"""The command palette's first results after typing, in headless Chromium (issue 31: 'the palette's
first results appear within 100 ms of typing on the demo data', measured here, not asserted).

    backend/.venv/bin/python -m bench.search.palette --build        # build the SPA first
    backend/.venv/bin/python -m bench.search.palette --runs 20

Its own database (ro_bench_palette: the demo data), uvicorn as `make serve` runs it (2 workers,
PostgreSQL + Redis) serving the built SPA (`--dist`; `--build` builds it first). Headless Chromium
(bench/search/palette.mjs) opens /office as Ben and `--runs` times presses Control+K, types a
three-letter query and waits for a found thing. Prints, from the last key: the first frame with any
row (commands match in the page), the first frame with a found thing (the server's answer), and
when the search request starts and how long it takes; p50 / p99 each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from bench.lib import servers
from bench.lib.common import DEFAULT_REDIS_URL, OUT, REPO, load_average, percentile


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    description = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m bench.search.palette", description=description)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--port", type=int, default=8027)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ro_bench_palette")
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--dist", default=str(OUT / "dist"), help="the built SPA to serve")
    parser.add_argument("--build", action="store_true", help="build the SPA into --dist first")
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> int:
    dist = await servers.spa_dist(args.dist, args.build)
    env = servers.backend_env(args.database_url, args.redis_url, SPA_DIST_DIR=str(dist))
    await servers.manage(env, "migrate", "--noinput", "-v", "0")
    await servers.manage(env, "seed_demo")
    async with servers.uvicorn(args.port, env) as base:
        before = load_average()
        out = OUT / "palette.json"
        process = await asyncio.create_subprocess_exec(
            "node",
            str(REPO / "bench" / "search" / "palette.mjs"),
            *("--base", base, "--runs", str(args.runs), "--out", str(out)),
            cwd=REPO,
        )
        if code := await process.wait():
            return code
        report(json.loads(out.read_text()), before, load_average())
    return 0


def report(result: dict, before: str, after: str) -> None:
    samples = result["samples"]
    print(
        f"\nbench/search palette: {len(samples)} searches as Ben on the demo data"
        f" ({', '.join(result['queries'])} in turn), ms from the last key"
    )
    print(f"before: {before}; after: {after}")
    print(f"{'':28} {'p50':>7} {'p99':>7} {'max':>7}")
    for key, label in (
        ("row_ms", "first row (any)"),
        ("thing_ms", "first found thing"),
        ("request_start_ms", "search request starts"),
        ("request_ms", "search request takes"),
    ):
        values = [s[key] for s in samples if s[key] is not None]
        if values:
            p50, p99 = percentile(values, 0.50), percentile(values, 0.99)
            print(f"{label:28} {p50:7.1f} {p99:7.1f} {max(values):7.1f}")


def main(argv: list[str] | None = None) -> None:
    sys.exit(asyncio.run(run(parse_args(argv))))


if __name__ == "__main__":
    main()
