"""Server processes' memory over a run: RSS per process of a server started on a port, sampled on
a timer, and its slope (bench/faults, bench/soak)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bench.lib.procs import processes


def session_pids(port: int) -> list[int]:
    """The server started on `port` (its own session) and every process in that session. Only a
    uvicorn or gunicorn command line names it (a bench's own `--port` option does not)."""
    sessions = {}
    master_session = None
    for found in processes():
        sessions[found.pid] = found.session
        server = any(part.endswith(("uvicorn", "gunicorn")) for part in found.argv)
        if server and "--port" in found.argv and str(port) in found.argv:
            master_session = found.session
        if server and "--bind" in found.argv and f"127.0.0.1:{port}" in found.argv:
            master_session = found.session
    return sorted(pid for pid, session in sessions.items() if session == master_session)


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


async def sample_rss(ports: list[int], every: float, until: float, started: float) -> dict[str, list]:
    """{"<port>/<pid>": [(seconds since `started`, MB), ...]} until the monotonic time `until`."""
    series: dict[str, list] = {}
    while time.monotonic() < until:
        now = time.monotonic() - started
        for port in ports:
            for pid in session_pids(port):
                rss = rss_mb(pid)
                if rss is not None:
                    series.setdefault(f"{port}/{pid}", []).append((now, rss))
        await asyncio.sleep(every)
    return series


def slope_per_minute(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB) points, in MB per minute (nan with fewer than 3)."""
    if len(points) < 3:
        return float("nan")
    n = len(points)
    mean_t = sum(t for t, _ in points) / n
    mean_v = sum(v for _, v in points) / n
    var = sum((t - mean_t) ** 2 for t, _ in points)
    cov = sum((t - mean_t) * (v - mean_v) for t, v in points)
    return cov / var * 60 if var else float("nan")
