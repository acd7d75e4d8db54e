"""Faults and soak: N sockets + M requests/s against the stack, PostgreSQL and Redis cut on a timer.

    backend/.venv/bin/python -m bench.faults                       # 200 sockets, 20 req/s, 7 min
    backend/.venv/bin/python -m bench.faults --duration 1800       # the issue's 30-minute soak
    backend/.venv/bin/python -m bench.faults --production          # /api on gunicorn, /ws on uvicorn

The servers reach PostgreSQL and Redis through the loopback TCP proxy of the fault tests
(backend/tests/faults/proxy.py); a cut closes every live connection and refuses new ones, as a
restart followed by an outage would, and never touches the machine's services. Reported: errors
per phase, time to the first clean 503 (JSON + Retry-After), the slowest request during the
database outage, time back to success and to normal latency after it, handshakes refused during
the Redis outage and the time until every socket is open again, log lines (tracebacks), and the
RSS of each server process over time with its slope in MB/min.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.lib import servers
from bench.lib.common import BACKEND, OUT, load_average, parse_env, percentile
from bench.lib.httpclient import Connection, call_json
from bench.lib.rss import sample_rss, slope_per_minute
from bench.lib.sockets import Sockets, one_socket, sample_sockets, ws_url

sys.path.insert(0, str(BACKEND))
from tests.faults.proxy import TcpProxy  # noqa: E402  (the fault tests' proxy)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ro_serving_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/5"
ME = "/api/accounts/me/"
STATUS = "/api/work/create_log_user_status/"
REQUEST_TIMEOUT = 15.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.faults", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--port", type=int, default=8033, help="uvicorn; --production's gunicorn: port+1")
    parser.add_argument("--db-proxy-port", type=int, default=8133)
    parser.add_argument("--redis-proxy-port", type=int, default=8134)
    parser.add_argument("--production", action="store_true", help="/api on gunicorn as compose runs it")
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20, help="requests per second (every 5th a write)")
    parser.add_argument("--duration", type=float, default=420, help="seconds in all")
    parser.add_argument("--db-cut-at", type=float, default=60)
    parser.add_argument("--db-cut-seconds", type=float, default=30)
    parser.add_argument("--redis-cut-at", type=float, default=150)
    parser.add_argument("--redis-cut-seconds", type=float, default=30)
    parser.add_argument("--rss-every", type=float, default=10)
    parser.add_argument("--no-seed", action="store_true")
    parser.add_argument(
        "--env", action="append", metavar="KEY=VALUE", help="extra server setting (MEMORY_TRACE_EVERY=60)"
    )
    parser.add_argument("--email", default="ada@example.com")
    parser.add_argument("--password", default="remote-2026")
    return parser.parse_args(argv)


@dataclass
class Request:
    sent: float
    kind: str
    status: int = 0  # 0: no answer (reset, timeout)
    latency: float = float("nan")
    clean_503: bool = False
    db_down: bool = False  # the 503 says the database is unavailable (not "busy": overload)
    error: str = ""


def _through(url: str, port: int) -> str:
    parts = urlsplit(url)
    auth, _, _ = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=(auth + "@" if auth else "") + f"127.0.0.1:{port}"))


async def one_request(base: str, token: str, kind: str, number: int, started: float) -> Request:
    record = Request(sent=time.monotonic() - started, kind=kind)
    connection = Connection(base)
    headers = {"Authorization": f"Token {token}"}
    t0 = time.monotonic()
    try:
        if kind == "read":
            coro = connection.request("GET", ME, headers)
        else:
            status_name = "working" if number % 2 else "taking_break"
            coro = connection.request("POST", STATUS, headers, {"status_enum_identifier": status_name})
        status, body = await asyncio.wait_for(coro, REQUEST_TIMEOUT)
        record.status = status
        if status == 503:
            try:
                detail = json.loads(body).get("detail")
            except ValueError:
                detail = None
            record.clean_503 = bool(detail) and connection.last_headers.get("retry-after", "").isdigit()
            record.db_down = "database" in (detail or "").lower()
    except TimeoutError:
        record.error = "timeout"
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        record.error = type(error).__name__
    finally:
        record.latency = (time.monotonic() - t0) * 1000
        connection.close()
    return record


async def drive_requests(base: str, token: str, rate: float, until: float, started: float) -> list[Request]:
    tasks = []
    number = 0
    next_at = time.monotonic()
    while time.monotonic() < until:
        number += 1
        kind = "write" if number % 5 == 0 else "read"
        tasks.append(asyncio.create_task(one_request(base, token, kind, number, started)))
        next_at += 1 / rate
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    return list(await asyncio.gather(*tasks))


def _ok(request: Request) -> bool:
    return 200 <= request.status < 300


def _phase(requests: list[Request], start: float, end: float) -> list[Request]:
    return [r for r in requests if start <= r.sent < end]


def _answer(request: Request) -> str:
    if request.status == 503:
        return "503 database" if request.db_down else "503 busy"
    return str(request.status) if request.status else request.error


def _describe(requests: list[Request]) -> str:
    statuses = Counter(_answer(r) for r in requests)
    latencies = [r.latency for r in requests]
    return (
        f"{len(requests):5d} requests, {sum(map(_ok, requests)):5d} ok, "
        f"p50 {percentile(latencies, 0.5):7.1f} ms, p99 {percentile(latencies, 0.99):7.1f} ms, "
        f"max {max(latencies, default=float('nan')):7.1f} ms; answers {dict(statuses)}"
    )


def _normal_again_at(requests: list[Request], restored: float, end: float, limit_ms: float) -> float | None:
    """Seconds after `restored` to the first second from which the next 5 s have a p50 (of the
    requests answered 2xx) within `limit_ms` and at least 90% of requests answered 2xx."""
    second = restored
    while second + 5 <= end:
        window = _phase(requests, second, second + 5)
        ok = [r.latency for r in window if _ok(r)]
        if window and len(ok) >= 0.9 * len(window) and percentile(ok, 0.5) <= limit_ms:
            return second - restored
        second += 1
    return None


def _recovered_at(requests: list[Request], restored: float, good) -> float | None:
    """Seconds after `restored` from which every request sent is `good` (None: never)."""
    after = sorted(_phase(requests, restored, float("inf")), key=lambda r: r.sent)
    last_bad = None
    for request in after:
        if not good(request):
            last_bad = request.sent
    if last_bad is None:
        return 0.0
    later = [r.sent for r in after if r.sent > last_bad]
    return (later[0] - restored) if later else None


def _log_counts(path: Path) -> dict[str, int]:
    text = path.read_text(errors="replace") if path.exists() else ""
    needles = [
        "Traceback",
        "database unavailable",
        "channel layer unavailable",
        "Exception inside application",
        "PoolTimeout",
        "Internal Server Error",
    ]
    return {needle: text.count(needle) for needle in needles}


def report(args, requests, sockets: Sockets, rss, logs, loads) -> dict:
    db_cut, db_back = args.db_cut_at, args.db_cut_at + args.db_cut_seconds
    redis_cut, redis_back = args.redis_cut_at, args.redis_cut_at + args.redis_cut_seconds
    baseline = [r for r in _phase(requests, 10, db_cut) if _ok(r)]
    base_p50 = percentile([r.latency for r in baseline], 0.5)
    base_p99 = percentile([r.latency for r in baseline], 0.99)
    normal = 2 * base_p50

    print(f"\nbench/faults: {args.sockets} sockets, {args.rate:g} req/s, {args.duration:.0f} s")
    print(f"load before: {loads[0]}; after: {loads[1]}")
    print(f"database cut {db_cut:.0f}-{db_back:.0f} s, Redis cut {redis_cut:.0f}-{redis_back:.0f} s")
    phases = [
        ("before the cuts", 0, db_cut),
        ("database down", db_cut, db_back),
        ("database back", db_back, redis_cut),
        ("Redis down", redis_cut, redis_back),
        ("Redis back", redis_back, args.duration),
    ]
    for name, start, end in phases:
        print(f"  {name:16} {_describe(_phase(requests, start, end))}")

    down = _phase(requests, db_cut, db_back)
    first_503 = min(
        (r.sent + r.latency / 1000 - db_cut for r in down if r.status == 503 and r.clean_503), default=None
    )
    unclean = [r for r in down if not (_ok(r) or r.clean_503)]
    back_ok = _recovered_at(requests, db_back, lambda r: not r.db_down or r.sent >= redis_cut)
    back_normal = _normal_again_at(requests, db_back, redis_cut, normal)
    after_db = _phase(requests, db_back, redis_cut)
    dead_connection_failures = [r for r in after_db if r.status >= 500 and r.status != 503]
    redis_window = _phase(requests, redis_cut, redis_back)
    redis_errors = [r for r in redis_window if not (_ok(r) or (r.status == 503 and not r.db_down))]

    print("database outage:")
    print(f"  time to the first clean 503 (JSON + Retry-After): {_seconds(first_503)}")
    print(f"  slowest request during the outage: {max((r.latency for r in down), default=0):.0f} ms")
    print(f"  answers during the outage that were neither 2xx nor a clean 503: {len(unclean)}")
    print(f"  last 'database unavailable' answer after it returned: {_seconds(back_ok)}")
    print(f"  back to normal (5 s with p50 <= 2x the p50 before the cut, {normal:.0f} ms, and >= 90% 2xx):")
    print(f"    {_seconds(back_normal)} (before the cut: p50 {base_p50:.0f} ms, p99 {base_p99:.0f} ms)")
    print(f"  5xx but 503 after it returned (dead pooled connections): {len(dead_connection_failures)}")
    print("Redis outage:")
    print(f"  HTTP requests that failed while Redis was down (not counting busy 503s): {len(redis_errors)}")
    open_before = [n for t, n in sockets.samples if redis_cut - 5 <= t < redis_cut]
    during = [n for t, n in sockets.samples if redis_cut <= t < redis_back]
    all_back = next(
        (t - redis_back for t, n in sockets.samples if t >= redis_back and n >= args.sockets), None
    )
    print(f"  sockets open before {max(open_before, default=0)}, fewest during {min(during, default=0)}")
    print(f"  every socket open again: {_seconds(all_back)} after Redis returned")
    print(
        f"  handshakes refused {dict(sockets.refused)}, failed {dict(sockets.failed)}, "
        f"sockets dropped by the server {sockets.dropped}, opened in all {sockets.opened}"
    )
    print(f"server log lines: {logs}")
    steady_from = redis_back + 30
    print(f"worker RSS (MB): first, last; slope MB/min after the first minute, and after {steady_from:.0f} s")
    slopes, steady = {}, {}
    for key, points in sorted(rss.items()):
        slopes[key] = slope_per_minute([(t, v) for t, v in points if t >= 60])
        steady[key] = slope_per_minute([(t, v) for t, v in points if t >= steady_from])
        print(f"  {key:18} {points[0][1]:7.1f} {points[-1][1]:7.1f} {slopes[key]:+7.3f} {steady[key]:+7.3f}")
    return {
        "sockets": args.sockets,
        "rate": args.rate,
        "duration": args.duration,
        "loads": loads,
        "first_clean_503_s": first_503,
        "unclean_during_db_outage": len(unclean),
        "back_ok_s": back_ok,
        "back_normal_s": back_normal,
        "dead_connection_failures": len(dead_connection_failures),
        "redis_http_errors": len(redis_errors),
        "sockets_all_back_s": all_back,
        "refused": dict(sockets.refused),
        "failed": dict(sockets.failed),
        "logs": logs,
        "rss": rss,
        "rss_slope_mb_per_min": slopes,
        "rss_steady_slope_mb_per_min": steady,
        "phases": {name: _describe(_phase(requests, s, e)) for name, s, e in phases},
    }


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"


async def timeline(args, db_proxy: TcpProxy, redis_proxy: TcpProxy, started: float) -> None:
    events = sorted(
        [
            (args.db_cut_at, "cut PostgreSQL", db_proxy.cut),
            (args.db_cut_at + args.db_cut_seconds, "restore PostgreSQL", db_proxy.restore),
            (args.redis_cut_at, "cut Redis", redis_proxy.cut),
            (args.redis_cut_at + args.redis_cut_seconds, "restore Redis", redis_proxy.restore),
        ]
    )
    for at, label, action in events:
        await asyncio.sleep(max(0.0, at - (time.monotonic() - started)))
        action()
        print(f"  {time.monotonic() - started:6.1f} s: {label} ({load_average()})", file=sys.stderr)


async def run(args: argparse.Namespace) -> dict:
    env = servers.backend_env(args.database_url, args.redis_url)
    if not args.no_seed:
        await servers.manage(env, "migrate", "--noinput", "-v", "0")
        await servers.manage(env, "seed_demo")
    db_target = urlsplit(args.database_url)
    redis_target = urlsplit(args.redis_url)
    db_address = (db_target.hostname or "127.0.0.1", db_target.port or 5432)
    redis_address = (redis_target.hostname or "127.0.0.1", redis_target.port or 6379)
    with (
        TcpProxy(*db_address, port=args.db_proxy_port) as db_proxy,
        TcpProxy(*redis_address, port=args.redis_proxy_port) as redis_proxy,
    ):
        env = servers.backend_env(
            _through(args.database_url, db_proxy.port),
            _through(args.redis_url, redis_proxy.port),
            CHANNEL_PREFIX="faults",
            CACHE_PREFIX="faults",
            **parse_env(args.env),
        )
        async with contextlib.AsyncExitStack() as stack:
            ws_base = await stack.enter_async_context(servers.uvicorn(args.port, env))
            ports = [args.port]
            api_base = ws_base
            if args.production:
                api_base = await stack.enter_async_context(servers.production_api(args.port + 1, env))
                ports.append(args.port + 1)
            credentials = {"email": args.email, "password": args.password}
            status, body = await call_json(api_base, "POST", "/api/accounts/token/", body=credentials)
            if status != 200:
                raise SystemExit(f"sign-in failed: {status} {body}")
            token = body["token"]
            load_before = load_average()
            started = time.monotonic()
            until = started + args.duration
            state = Sockets()
            socket_tasks = [
                asyncio.create_task(one_socket(ws_url(ws_base), ws_base, token, state, until, index))
                for index in range(args.sockets)
            ]
            sampler = asyncio.create_task(sample_sockets(state, until, started))
            rss_task = asyncio.create_task(sample_rss(ports, args.rss_every, until, started))
            timer = asyncio.create_task(timeline(args, db_proxy, redis_proxy, started))
            requests = await drive_requests(api_base, token, args.rate, until, started)
            await asyncio.gather(*socket_tasks, sampler, timer)
            rss = await rss_task
            load_after = load_average()
        logs = {}
        for port in ports:
            for name in (f"uvicorn-{port}.log", f"api-{port}.log"):
                if (OUT / name).exists():
                    logs[name] = _log_counts(OUT / name)
    result = report(args, requests, state, rss, logs, (load_before, load_after))
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"faults-{time.strftime('%Y%m%dT%H%M%S')}.json"
    path.write_text(json.dumps(result, indent=2))
    print(f"(written to {path.relative_to(OUT.parent.parent)}; pid {os.getpid()})")
    return result


def main(argv: list[str] | None = None) -> dict:
    return asyncio.run(run(parse_args(argv)))
