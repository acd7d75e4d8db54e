"""Where a worker's memory grows: tracemalloc snapshots diffed over time, behind a setting.

MEMORY_TRACE_EVERY=<seconds> (environment) makes each server process that loads config.asgi
trace its allocations and, every that many seconds after a first snapshot (taken one period
in, once the process has warmed up; each after a full garbage collection), append the kept
copies' sizes (apps/core/readstamps.py) and the allocation sites that grew most since then to
MEMORY_TRACE_DIR/memtrace-<pid>.txt (default: the working directory). Tracing costs CPU and
memory of its own: for a diagnosis run (bench.soak --env MEMORY_TRACE_EVERY=120), never in
production.
"""

from __future__ import annotations

import gc
import os
import threading
import time
import tracemalloc
from pathlib import Path

from apps.core.readstamps import all_copies

TOP = 25
FRAMES = 8


def start_from_environment() -> None:
    every = float(os.environ.get("MEMORY_TRACE_EVERY", "0") or 0)
    if every > 0:
        out = Path(os.environ.get("MEMORY_TRACE_DIR", ".")) / f"memtrace-{os.getpid()}.txt"
        threading.Thread(target=_trace, args=(every, out), name="memtrace", daemon=True).start()


def _trace(every: float, out: Path) -> None:
    tracemalloc.start(FRAMES)
    time.sleep(every)
    first = _snapshot()
    started = time.monotonic()
    while True:
        time.sleep(every)
        now = _snapshot()
        minutes = (time.monotonic() - started) / 60
        lines = [f"=== {minutes:.1f} min after the first snapshot; traced now {_mb(_total(now))} MB"]
        kept = (f"{copies.name} {len(copies)} / {copies.bytes / 1024:.0f} KiB" for copies in all_copies())
        lines.append("kept copies: " + ", ".join(kept))
        for stat in now.compare_to(first, "traceback")[:TOP]:
            # the allocation site first, then its callers (a Traceback runs from the oldest frame)
            frames = " <- ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(stat.traceback))
            lines.append(f"{stat.size_diff / 1024:+10.1f} KiB {stat.count_diff:+8d} blocks  {frames}")
        with out.open("a") as handle:
            handle.write("\n".join(lines) + "\n")


def _snapshot() -> tracemalloc.Snapshot:
    gc.collect()  # only what is still referenced: garbage cycles awaiting collection are no leak
    return tracemalloc.take_snapshot().filter_traces(
        [
            tracemalloc.Filter(False, tracemalloc.__file__),
            tracemalloc.Filter(False, "<frozen importlib._bootstrap>"),
        ]
    )


def _total(snapshot: tracemalloc.Snapshot) -> int:
    return sum(stat.size for stat in snapshot.statistics("filename"))


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f}"
