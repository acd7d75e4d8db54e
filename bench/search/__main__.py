"""Search's server time on the large data set (issue 31, bench/README.md "bench/search").

    backend/.venv/bin/python -m bench.search --database-url postgres://postgres@127.0.0.1:5432/ro_bench_large

Signs in as bench@example.com (bench/scale's member of the 500-member workspace) with a token made
for the run, then calls GET /api/projects/search/ in process (Django's test client: the whole
request through middleware, authentication, the view and the JSON rendering, no network and no
server) `--requests` times per query after `--warmup` calls, and prints p50 / p95 / p99 in ms.
Like a server process (config/wsgi.py), it freezes its startup objects first
(apps/core/startup.py): otherwise each full garbage collection walks ~100,000 of them, 50-70 ms
that land in the p99 of whichever query runs then.
Bounded by its counts; touches nothing but its own token (deleted at the end).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from bench.lib.common import BACKEND, OUT, load_average, percentile, require_loopback

QUERIES = ["tas", "pro", "123", "ben", "xyz", "lis", "ask 9"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ro_bench_large")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--queries", nargs="*", default=QUERIES)
    args = parser.parse_args(argv)
    require_loopback(args.database_url)
    os.environ["DATABASE_URL"] = args.database_url
    os.environ["REDIS_URL"] = ""
    os.environ["HTTPS_ONLY"] = "false"  # plain http in process, as `make run` serves
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(BACKEND))
    import django

    django.setup()
    from apps.accounts.models import AuthToken, User
    from apps.core.startup import freeze_startup_objects
    from django.test import Client

    from bench.scale.generate import BENCH_EMAIL

    freeze_startup_objects()  # as config/wsgi.py and config/asgi.py do once loaded
    user = User.objects.get(email=BENCH_EMAIL)
    token = AuthToken.objects.create(user=user)
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_HOST="127.0.0.1")
    rows = []
    try:
        for query in args.queries:
            first = client.get("/api/projects/search/", {"q": query})
            assert first.status_code == 200, (first.status_code, first.content[:300])
            found = len(first.json()["results"])
            for _ in range(args.warmup):
                client.get("/api/projects/search/", {"q": query})
            times = []
            for _ in range(args.requests):
                start = time.perf_counter()
                response = client.get("/api/projects/search/", {"q": query})
                times.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200
            row = {
                "query": query,
                "results": found,
                "p50_ms": round(percentile(times, 0.50), 2),
                "p95_ms": round(percentile(times, 0.95), 2),
                "p99_ms": round(percentile(times, 0.99), 2),
                "load": load_average(),
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    finally:
        token.delete()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "search.json").write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
