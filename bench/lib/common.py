"""Paths, loopback guard, statistics and machine load."""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend"
PYTHON = BACKEND / ".venv" / "bin" / "python"
OUT = REPO / "bench" / ".out"

# The services this bench owns (bench/README.md): its own databases and Redis DB number.
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ro_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/10"

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def require_loopback(url: str) -> None:
    """Benchmarks send traffic to this machine only."""
    host = urlparse(url).hostname
    if host not in LOOPBACK:
        raise SystemExit(f"benchmarks only target this machine (loopback), not {host!r}")


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile of unsorted values (q in 0..1); nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def median(values: list[float]) -> float:
    clean = [v for v in values if v == v]  # drop nan
    return statistics.median(clean) if clean else float("nan")


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def parse_env(pairs: list[str] | None) -> dict[str, str]:
    """--env KEY=VALUE options: extra settings for the servers a bench starts (e.g. DB_POOL_MAX=20)."""
    extra = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--env wants KEY=VALUE, not {pair!r}")
        extra[key] = value
    return extra
