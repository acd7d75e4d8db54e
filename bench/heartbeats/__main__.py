"""Heartbeats from N sockets (docs/presence.md): what they cost the machine's CPU.

    backend/.venv/bin/python -m bench.heartbeats                 # 1,000 sockets, every 30 s
    backend/.venv/bin/python -m bench.heartbeats --skip-generate --redis-url redis://127.0.0.1:6382/3

bench/fanout's workspace (1,001 members, a token each; its own database, rebuilt unless
--skip-generate), uvicorn as `make serve` runs it (2 workers, PostgreSQL + Redis), N sockets of N
different members in a separate process (bench/heartbeats/sockets.py). Every member first becomes
active (one heartbeat each; each transition is an event to every socket, not the steady state:
the bench waits until the server has delivered them). Then two windows of --window seconds each,
the same sockets open: quiet (no heartbeat) and beating (each socket one active heartbeat every
--every seconds, the product's interval, phases spread evenly). CPU seconds from /proc of the
server's processes, the PostgreSQL backends of the database and the Redis server of --redis-url;
the cost of the heartbeats is the beating window's minus the quiet one's, as a share of one core.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from bench.fanout.run import prepare_database
from bench.lib import servers
from bench.lib.common import OUT, PYTHON, REPO, load_average, parse_env
from bench.lib.procs import processes

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/ro_fan_heartbeats"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.heartbeats", description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between a socket's heartbeats")
    parser.add_argument("--window", type=float, default=120.0, help="seconds measured per window")
    parser.add_argument("--settle", type=float, default=20.0)
    parser.add_argument("--port", type=int, default=8024)
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/10")
    parser.add_argument("--skip-generate", action="store_true")
    parser.add_argument("--env", action="append", metavar="KEY=VALUE", help="extra server setting")
    return parser.parse_args(argv)


def cpu(port: int, database: str, redis_port: int) -> dict[str, float]:
    """CPU seconds so far: the server on `port` (its session), PostgreSQL backends of `database`,
    the Redis server on `redis_port`."""
    found = list(processes())
    leaders = {p.pid for p in found if any("uvicorn" in a for a in p.argv) and str(port) in p.argv}
    totals = {"server": 0.0, "postgres": 0.0, "redis": 0.0}
    for p in found:
        command = " ".join(p.argv)
        if p.session in leaders or p.pid in leaders:
            totals["server"] += p.cpu_seconds
        elif command.startswith("postgres: ") and f" {database} " in command:
            totals["postgres"] += p.cpu_seconds
        elif command.startswith("redis-server") and f":{redis_port}" in command:
            totals["redis"] += p.cpu_seconds
    return totals


async def window(seconds: float, port: int, database: str, redis_port: int) -> dict[str, float]:
    before, started = cpu(port, database, redis_port), time.monotonic()
    await asyncio.sleep(seconds)
    after, wall = cpu(port, database, redis_port), time.monotonic() - started
    return {name: (after[name] - before[name]) / wall * 100 for name in before}  # % of one core


async def measure(args: argparse.Namespace, tokens: dict[int, str]) -> dict:
    env = servers.backend_env(
        args.database_url, args.redis_url, PRESENCE_HEARTBEAT_SECONDS=str(args.every), **parse_env(args.env)
    )
    database = urlparse(args.database_url).path.lstrip("/")
    redis_port = urlparse(args.redis_url).port or 6379
    async with servers.uvicorn(args.port, env) as base:
        process = await asyncio.create_subprocess_exec(
            str(PYTHON), "-m", "bench.heartbeats.sockets", cwd=REPO,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2**24,
        )  # fmt: skip
        assert process.stdin is not None and process.stdout is not None

        async def ask(line: str) -> dict:
            process.stdin.write((line + "\n").encode())
            await process.stdin.drain()
            return json.loads(await process.stdout.readline())

        setup = {
            "url": base.replace("http://", "ws://", 1) + "/ws/work/user_status/",
            "origin": base,
            "tokens": [tokens[pk] for pk in range(2, args.sockets + 2)],
            "every": args.every,
        }
        opened = await ask(json.dumps(setup))
        print(f"  {opened['connected']} sockets connected in {opened['seconds']:.1f} s", file=sys.stderr)
        load_before = load_average()
        # every member active once (a transition each: N events to N sockets), then wait until the
        # server has delivered them all (its CPU back under 3% of a core over 5 s, at most 5 minutes)
        await ask("beat")
        await asyncio.sleep(args.every)
        await ask("stop")
        await asyncio.sleep(args.settle)
        for _ in range(60):
            if (await window(5, args.port, database, redis_port))["server"] < 3:
                break
        quiet = await window(args.window, args.port, database, redis_port)
        sent_before = (await ask("count"))["sent"]
        await ask("beat")
        beating = await window(args.window, args.port, database, redis_port)
        counts = await ask("count")
        await ask("stop")
        process.stdin.write(b"quit\n")
        await process.stdin.drain()
        await asyncio.wait_for(process.wait(), 60)
    return {
        "sockets": opened["connected"],
        "every": args.every,
        "window": args.window,
        "quiet": quiet,
        "beating": beating,
        "heartbeats": counts["sent"] - sent_before,
        "answered": counts["answered"],
        "load_before": load_before,
        "load_after": load_average(),
    }


def report(result: dict) -> None:
    quiet, beating = result["quiet"], result["beating"]
    print(
        f"\nbench/heartbeats: {result['sockets']} sockets, one active heartbeat every {result['every']:g} s"
        f" each, windows of {result['window']:g} s (uvicorn 2 workers, PostgreSQL, Redis)"
    )
    print(f"before: {result['load_before']}; after: {result['load_after']}")
    rate = result["heartbeats"] / result["window"]
    print(f"heartbeats in the beating window: {result['heartbeats']} ({rate:.1f}/s)")
    print(f"{'% of one core':<14} {'server':>7} {'postgres':>8} {'redis':>6} {'total':>6}")
    for name, row in (("quiet", quiet), ("beating", beating)):
        shares = f"{row['server']:7.2f} {row['postgres']:8.2f} {row['redis']:6.2f}"
        print(f"{name:<14} {shares} {sum(row.values()):6.2f}")
    cost = {name: beating[name] - quiet[name] for name in beating}
    total = sum(cost.values())
    verdict = "ok" if total <= 5 else "MISS (<= 5% of one core)"
    shares = f"{cost['server']:7.2f} {cost['postgres']:8.2f} {cost['redis']:6.2f}"
    print(f"{'heartbeats':<14} {shares} {total:6.2f}  {verdict}")


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    fanout_args = argparse.Namespace(
        database_url=args.database_url, redis_url=args.redis_url, skip_generate=args.skip_generate
    )
    tokens = prepare_database(fanout_args, args.sockets + 1)
    result = asyncio.run(measure(args, tokens))
    report(result)
    OUT.mkdir(parents=True, exist_ok=True)
    Path(OUT / f"heartbeats-{time.strftime('%Y%m%dT%H%M%S')}.json").write_text(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
