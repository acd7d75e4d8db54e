"""CPU per call of the bare view and each hot read, in one process, through the WSGI handler.

    backend/.venv/bin/python -m bench.cpu                    # best of 5 rounds of 200 calls
    backend/.venv/bin/python -m bench.cpu --profile counts   # + cProfile of one read, top 30

What a gunicorn worker spends on a request, without the client or the network: each round times
`time.process_time()` around N calls of the production WSGI application (`config.wsgi`), the
figure is the best round's mean. Uses the database bench/http seeds (`ro_bench`; run bench/http
once first) and Redis DB 10, and signs in and enters the office as bench/http does.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time

from bench.http.run import HOT_READS
from bench.lib import servers
from bench.lib.common import BACKEND, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL
from bench.lib.procs import processes


def _setup(database_url: str, redis_url: str):
    # The settings bench/http's servers run with, in this process.
    os.environ.update(servers.backend_env(database_url, redis_url, DJANGO_SETTINGS_MODULE="config.settings"))
    sys.path.insert(0, str(BACKEND))
    from config.wsgi import application

    return application


def _call(app, method: str, path: str, token: str | None = None, body: dict | None = None):
    path, _, query = path.partition("?")
    data = json.dumps(body).encode() if body is not None else b""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.input": io.BytesIO(data),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Token {token}"
    status = []
    chunks = app(environ, lambda s, headers, exc_info=None: status.append(s))
    try:
        payload = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    return int(status[0].split()[0]), payload


def _service_cpu(database: str) -> dict[str, float]:
    """CPU seconds so far of this machine's PostgreSQL backends serving `database`, and of Redis
    (what a read costs the services, which process_time() does not see)."""
    totals = {"postgres": 0.0, "redis": 0.0}
    for found in processes():
        command = " ".join(found.argv)
        if command.startswith("postgres: ") and f" {database} " in command:
            totals["postgres"] += found.cpu_seconds
        elif command.startswith("redis-server"):
            totals["redis"] += found.cpu_seconds
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cpu", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--email", default="ada@example.com")
    parser.add_argument("--password", default="remote-2026")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--only", nargs="*", help="hot reads to time (names as in bench/http)")
    parser.add_argument("--profile", help="a hot read to profile with cProfile after timing")
    args = parser.parse_args(argv)

    app = _setup(args.database_url, args.redis_url)
    status, body = _call(
        app, "POST", "/api/accounts/token/", body={"email": args.email, "password": args.password}
    )
    if status != 200:
        raise SystemExit(f"sign-in failed: {status} {body[:200]!r}")
    token = json.loads(body)["token"]
    user_id = json.loads(_call(app, "GET", "/api/accounts/me/", token)[1])["id"]
    _call(app, "POST", "/api/work/create_log_user_status/", token, {"status_enum_identifier": "working"})

    targets = {"bare": (f"/api/bench/bare/?id={user_id}", None)}
    targets.update(
        {name: (path, token) for name, path in HOT_READS.items() if not args.only or name in args.only}
    )
    for name, (path, key) in targets.items():
        status, _ = _call(app, "GET", path, key)
        if status != 200:
            raise SystemExit(f"{name}: {path} answered {status}")
    database = args.database_url.rsplit("/", 1)[-1]
    best = {name: float("inf") for name in targets}
    services = {name: {"postgres": 0.0, "redis": 0.0} for name in targets}
    for _ in range(args.rounds):
        for name, (path, key) in targets.items():
            before = _service_cpu(database)
            started = time.process_time()
            for _ in range(args.calls):
                _call(app, "GET", path, key)
            best[name] = min(best[name], (time.process_time() - started) / args.calls * 1000)
            after = _service_cpu(database)
            for service in services[name]:
                services[name][service] += after[service] - before[service]
    calls = args.rounds * args.calls
    print(
        f"CPU per call, best of {args.rounds} rounds x {args.calls} calls (os.getloadavg {os.getloadavg()});"
        f" PostgreSQL and Redis: mean over all {calls} calls, from /proc (10 ms ticks)"
    )
    print(f"{'read':18} {'ms':>6} {'x bare':>7} {'pg ms':>6} {'redis':>6} {'total':>6} {'x bare':>7}")
    totals = {name: best[name] + sum(services[name].values()) / calls * 1000 for name in targets}
    for name, ms in best.items():
        pg, redis = (services[name][s] / calls * 1000 for s in ("postgres", "redis"))
        print(
            f"{name:18} {ms:6.2f} {best['bare'] / ms:7.2f} {pg:6.2f} {redis:6.2f} {totals[name]:6.2f}"
            f" {totals['bare'] / totals[name]:7.2f}"
        )

    if args.profile:
        path, key = targets[args.profile]
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.calls):
            _call(app, "GET", path, key)
        profiler.disable()
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
