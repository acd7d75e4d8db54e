"""Latency and throughput of hot read endpoints, from a loopback client. Bounded and self-stopping."""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
import urllib.request
from urllib.parse import urlparse

ENDPOINTS = [
    "/api/accounts/me/",
    "/api/work/current_user_status/",
    "/api/accounts/teammates/",
    "/api/projects/project/",
    "/api/projects/tasks/groups/counts/",
]


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def sign_in(base: str, email: str, password: str) -> str:
    body = json.dumps({"email": email, "password": password}).encode()
    request = urllib.request.Request(
        base + "/api/accounts/token/", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)["token"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--email", default="ada@example.com")
    parser.add_argument("--password", default="remote-2026")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--max-seconds", type=float, default=60)
    args = parser.parse_args()
    host = urlparse(args.base).hostname
    if host not in {"127.0.0.1", "localhost", "::1"}:
        raise SystemExit("benchmarks only target this machine (loopback)")

    token = sign_in(args.base, args.email, args.password)
    latencies: dict[str, list[float]] = {path: [] for path in ENDPOINTS}
    errors = 0
    counter = iter(range(args.requests))
    lock = threading.Lock()
    deadline = time.monotonic() + args.max_seconds

    def worker() -> None:
        nonlocal errors
        while time.monotonic() < deadline:
            with lock:
                n = next(counter, None)
            if n is None:
                return
            path = ENDPOINTS[n % len(ENDPOINTS)]
            request = urllib.request.Request(args.base + path, headers={"Authorization": f"Token {token}"})
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    response.read()
            except OSError:  # refused, reset, timed out or an HTTP error status
                with lock:
                    errors += 1
                continue
            with lock:
                latencies[path].append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    total = sum(len(v) for v in latencies.values())
    print(
        f"{total} requests in {elapsed:.1f}s = {total / elapsed:.0f} req/s, {errors} errors, "
        f"concurrency {args.concurrency}"
    )
    for path, values in latencies.items():
        if not values:
            continue
        values.sort()
        p50, p95, p99 = (percentile(values, q) for q in (0.5, 0.95, 0.99))
        print(
            f"{path:40s} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  p99 {p99:6.1f} ms  "
            f"mean {statistics.mean(values):6.1f} ms"
        )


if __name__ == "__main__":
    main()
