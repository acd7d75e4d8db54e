"""Build the SPA, report the JS + CSS each route loads (and check the budget), then its vitals.

    backend/.venv/bin/python -m bench.bundle            # sizes + vitals (starts its own servers)
    backend/.venv/bin/python -m bench.bundle --check    # sizes only; exit 1 when over budget
    backend/.venv/bin/python -m bench.bundle --no-vitals

Needs `npm ci` in bench/bundle (web-vitals, playwright-core), frontend/node_modules (Vite,
playwright-core) and Debian's Chromium. sizes.mjs serves the build on SQLite by itself; the vitals
run serves the freshly built SPA (bench/.out/dist) from uvicorn as `make serve` does, on the bench's
demo database (LCP, INP, FCP and when the teammates strip shows).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bench.lib import servers
from bench.lib.common import DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, OUT, REPO, load_average

HERE = REPO / "bench" / "bundle"


async def node(*args: str) -> int:
    process = await asyncio.create_subprocess_exec("node", *args, cwd=REPO)
    return await process.wait()


async def run(args: argparse.Namespace) -> int:
    sizes = await node(str(HERE / "sizes.mjs"), "--build", *(["--check"] if args.check else []))
    if args.check or args.no_vitals:
        return sizes
    env = servers.backend_env(args.database_url, args.redis_url, SPA_DIST_DIR=str(OUT / "dist"))
    await servers.manage(env, "migrate", "--noinput", "-v", "0")
    await servers.manage(env, "seed_demo")
    print(f"vitals: {load_average()}")
    async with servers.uvicorn(args.port, env) as base:
        vitals = await node(str(HERE / "vitals.mjs"), "--base", base, "--runs", str(args.runs))
    return sizes or vitals


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="sizes only; exit 1 past the budget")
    parser.add_argument("--no-vitals", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--port", type=int, default=8023)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    sys.exit(asyncio.run(run(parser.parse_args())))


if __name__ == "__main__":
    main()
