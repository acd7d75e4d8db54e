"""Generate the large data set into its own database, then run bench/http against it.

    backend/.venv/bin/python -m bench.scale --reset               # generate (minutes), then bench
    backend/.venv/bin/python -m bench.scale --skip-generate       # bench an existing large database
    backend/.venv/bin/python -m bench.scale --reset --generate-only
    backend/.venv/bin/python -m bench.scale --skip-generate --compare-demo   # + demo data, same run

Arguments after `--` go to bench/http (e.g. `-- --rounds 3 --requests 100`). The bench signs in as
bench@example.com (remote-2026), a member of the 500-member workspace.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from urllib.parse import urlparse

from bench.lib import servers
from bench.lib.common import BACKEND, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, load_average
from bench.scale.generate import BENCH_EMAIL, PASSWORD, Shape

DEFAULT_LARGE_URL = "postgres://postgres@127.0.0.1:5432/ro_bench_large"


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    argv = sys.argv[1:] if argv is None else argv
    http_args: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, http_args = argv[:split], argv[split + 1 :]
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_LARGE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    parser.add_argument("--reset", action="store_true", help="drop and recreate the large database first")
    parser.add_argument("--skip-generate", action="store_true")
    parser.add_argument("--generate-only", action="store_true")
    parser.add_argument("--compare-demo", action="store_true", help="bench the demo database too")
    parser.add_argument("--demo-database-url", default=DEFAULT_DATABASE_URL)
    shape = Shape()
    for name, value in vars(shape).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=int, default=value)
    args = parser.parse_args(argv)
    return args, http_args


def recreate_database(url: str, owned: tuple[str, ...] = ("ro_bench",)) -> None:
    import psycopg
    from psycopg import sql

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    if not name.startswith(owned):
        owned_names = " or ".join(prefix + "*" for prefix in owned)
        raise SystemExit(f"refusing to drop {name!r}: the bench owns only databases named {owned_names}")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def generate(args: argparse.Namespace) -> None:
    env = servers.backend_env(args.database_url, args.redis_url, DB_POOL="false")
    if args.reset:
        recreate_database(args.database_url)
    asyncio.run(servers.manage(env, "migrate", "--noinput", "-v", "0"))
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(BACKEND))
    import django

    django.setup()
    from bench.scale.generate import generate as fill

    shape = Shape(**{name: getattr(args, name) for name in vars(Shape())})
    print(f"generating {shape} into {urlparse(args.database_url).path.lstrip('/')} ({load_average()})")
    started = time.monotonic()
    fill(shape)
    print(f"generated in {time.monotonic() - started:.0f} s")


def main(argv: list[str] | None = None) -> None:
    args, http_args = parse_args(argv)
    if not args.skip_generate:
        generate(args)
    if args.generate_only:
        return
    from bench.http import run as http

    common = ["--no-seed", "--redis-url", args.redis_url, *http_args]
    large = http.main(
        ["--database-url", args.database_url, "--email", BENCH_EMAIL, "--password", PASSWORD]
        + ["--label", "large", *common]
    )
    if not args.compare_demo:
        return
    # The demo run seeds its own database (seed_demo is idempotent).
    demo_args = ["--database-url", args.demo_database_url, "--redis-url", args.redis_url, *http_args]
    demo = http.main(["--label", "demo", *demo_args])
    print("\nlarge vs demo (target: no hot read more than 1.5x slower on the large data set)")
    print("slowdown = demo req/s / large req/s; 'x bare' compares each run to its own bare view")
    header = f"{'endpoint':18} {'demo req/s':>10} {'large req/s':>11} {'slowdown':>9} {'x bare demo':>11}"
    print(header + f" {'x bare large':>12} {'p99 demo':>9} {'p99 large':>10}")
    for name, row in large["rows"].items():
        if name not in demo["rows"]:
            continue
        base = demo["rows"][name]
        slowdown = base["rps"] / row["rps"] if row["rps"] else float("inf")
        verdict = "ok" if slowdown <= 1.5 else "MISS"
        print(
            f"{name:18} {base['rps']:10.1f} {row['rps']:11.1f} {slowdown:8.2f}x {base['rps_ratio']:10.2f}x "
            f"{row['rps_ratio']:11.2f}x {base['p99']:9.1f} {row['p99']:10.1f}  {verdict}"
        )


if __name__ == "__main__":
    main()
