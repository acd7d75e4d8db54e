"""Start the backend as the Makefile serves it (uvicorn, 2 workers) or as a gunicorn WSGI deployment.

Each server runs in its own process group, logs to bench/.out/<name>.log, and is stopped (by its
own process group id) when the `async with` block ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

from bench.lib.common import BACKEND, OUT, PYTHON, REPO

# The Makefile's `serve` target: keep-alive 75 s, 2 workers when Redis is configured, no
# websocket per-message deflate (docs/architecture.md, "Live events at scale").
UVICORN_ARGS = [
    "--timeout-keep-alive",
    "75",
    "--ws-per-message-deflate",
    "false",
    "--proxy-headers",
    "--forwarded-allow-ips",
    "",
    "--no-server-header",
]


def backend_env(database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "BENCH_VIEWS": "1",
            "DEBUG": "false",
            # Loopback speaks plain http, like `make run`; the demo accounts are for benches only.
            "HTTPS_ONLY": "false",
            "DEMO_DATA": "true",
            # The benches sign in many members (fanout opens one socket per member).
            "SIGN_IN_THROTTLE_RATE": "100000/min",
            # As the Dockerfile and the Makefile run the servers (fewer glibc malloc arenas).
            "MALLOC_ARENA_MAX": os.environ.get("MALLOC_ARENA_MAX", "2"),
        }
    )
    env.update(extra)
    return env


def ensure_database(database_url: str) -> None:
    """Create the bench's PostgreSQL database when this machine does not have it yet."""
    import dj_database_url
    import psycopg
    from psycopg import sql

    config = dj_database_url.parse(database_url)
    if not config["ENGINE"].endswith("postgresql"):
        return
    params = {"host": config["HOST"] or None, "port": config["PORT"] or None, "user": config["USER"] or None}
    with psycopg.connect(
        **params, password=config["PASSWORD"] or None, dbname="postgres", autocommit=True
    ) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(config["NAME"])))


async def spa_dist(dist: str, build: bool, *, minify: bool = True) -> Path:
    """The built SPA in `dist` (a server's SPA_DIST_DIR), built there first when `build`."""
    path = Path(dist).resolve()
    if build:
        argv = ["npx", "vite", "build", "--outDir", str(path), "--emptyOutDir", "--logLevel", "warn"]
        argv += [] if minify else ["--minify", "false"]
        process = await asyncio.create_subprocess_exec(*argv, cwd=REPO / "frontend")
        if await process.wait():
            raise SystemExit("the SPA did not build")
    if not (path / "index.html").exists():
        raise SystemExit(f"{path}/index.html is missing: --build")
    return path


async def manage(env: dict[str, str], *args: str) -> None:
    """Run a manage.py command to completion; fail loudly. `migrate` first creates a missing database."""
    if args and args[0] == "migrate" and env.get("DATABASE_URL"):
        ensure_database(env["DATABASE_URL"])
    process = await asyncio.create_subprocess_exec(str(PYTHON), "manage.py", *args, cwd=BACKEND, env=env)
    if await process.wait() != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed")


def _healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/health/", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


async def wait_healthy(base: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await asyncio.to_thread(_healthy, base):
            return
        await asyncio.sleep(0.3)
    raise SystemExit(f"server at {base} did not become healthy in {seconds:.0f}s (see bench/.out/)")


@contextlib.asynccontextmanager
async def _serve(
    name: str, argv: list[str], env: dict[str, str], base: str, healthy_seconds: float = 60
) -> AsyncIterator[str]:
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / f"{name}.log", "wb") as log:
        process = await asyncio.create_subprocess_exec(
            *argv, cwd=BACKEND, env=env, stdout=log, stderr=log, start_new_session=True
        )
        try:
            await wait_healthy(base, healthy_seconds)
            yield base
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 15)
            except TimeoutError:
                os.killpg(process.pid, signal.SIGKILL)
                await process.wait()


def uvicorn(
    port: int, env: dict[str, str], workers: int = 2, healthy_seconds: float = 60
) -> contextlib.AbstractAsyncContextManager[str]:
    """`healthy_seconds`: how long it may take to start (tracing allocations slows it down)."""
    argv = [str(PYTHON), "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    argv += ["--port", str(port), *UVICORN_ARGS, "--workers", str(workers)]
    return _serve(f"uvicorn-{port}", argv, env, f"http://127.0.0.1:{port}", healthy_seconds)


def gunicorn(
    port: int, env: dict[str, str], workers: int = 2, worker_class: str = "sync", threads: int = 1
) -> contextlib.AbstractAsyncContextManager[str]:
    argv = [str(PYTHON), "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    argv += ["--workers", str(workers), "--worker-class", worker_class, "--threads", str(threads)]
    argv += ["--keep-alive", "75"]
    return _serve(f"gunicorn-{port}", argv, env, f"http://127.0.0.1:{port}")


# docker-compose.yml's `api` service (the production /api path): gunicorn gthread workers, as many
# threads as the database pool has connections, so a request never waits for a connection.
PRODUCTION_WORKERS = 2
PRODUCTION_THREADS = 4


def production_api(
    port: int, env: dict[str, str], workers: int = PRODUCTION_WORKERS, threads: int = PRODUCTION_THREADS
) -> contextlib.AbstractAsyncContextManager[str]:
    env = {**env, "DB_POOL_MAX": str(threads), "FORWARDED_ALLOW_IPS": ""}
    argv = [str(PYTHON), "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    argv += ["--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads)]
    argv += ["--keep-alive", "75", "--backlog", "2048"]
    return _serve(f"api-{port}", argv, env, f"http://127.0.0.1:{port}")
