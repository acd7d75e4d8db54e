"""Where a worker's memory grows: tracemalloc snapshots diffed over time, behind a setting.

MEMORY_TRACE_EVERY=<seconds> (environment) makes each server process that loads config.asgi
trace its allocations and, every that many seconds after a first snapshot (taken one period
in, once the process has warmed up; each after a full garbage collection), append the kept
copies' sizes (apps/core/readstamps.py) and the allocation sites that grew most since then to
MEMORY_TRACE_DIR/memtrace-<pid>.txt (default: the working directory). Tracing costs CPU and
memory of its own: for a diagnosis run (bench.soak --env MEMORY_TRACE_EVERY=120), never in
production.

MEMORY_MALLOC_EVERY=<seconds> appends, that often, the C allocator's own account of each of its
arenas (glibc's malloc_info: the memory it holds from the system, how much of that is free, the
large blocks mapped apart) to MEMORY_TRACE_DIR/malloc-<pid>.txt: what tracemalloc cannot see
(allocations made by C libraries) and whether held memory is in use or free between blocks.
Cheap (no tracing); glibc only.
"""

from __future__ import annotations

import ctypes
import gc
import os
import re
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

from apps.core.readstamps import all_copies

TOP = 25
FRAMES = 8


def start_from_environment() -> None:
    folder = Path(os.environ.get("MEMORY_TRACE_DIR", "."))
    every = float(os.environ.get("MEMORY_TRACE_EVERY", "0") or 0)
    malloc_every = float(os.environ.get("MEMORY_MALLOC_EVERY", "0") or 0)
    if every > 0 or malloc_every > 0:
        folder.mkdir(parents=True, exist_ok=True)  # else the thread dies at its first write
    if every > 0:
        out = folder / f"memtrace-{os.getpid()}.txt"
        threading.Thread(target=_trace, args=(every, out), name="memtrace", daemon=True).start()
    if malloc_every > 0:
        out = folder / f"malloc-{os.getpid()}.txt"
        thread = threading.Thread(target=_malloc, args=(malloc_every, out), name="memmalloc", daemon=True)
        thread.start()


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


def _malloc(every: float, out: Path) -> None:
    libc = ctypes.CDLL(None)
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        xml_path = os.path.join(folder, "malloc.xml").encode()
        while True:
            handle = libc.fopen(xml_path, b"w")
            libc.malloc_info(0, handle)
            libc.fclose(handle)
            minutes = (time.monotonic() - started) / 60
            with open(xml_path, "rb") as xml, out.open("a") as handle_out:
                handle_out.write(f"{minutes:.1f} min: " + malloc_summary(xml.read()) + "\n")
            time.sleep(every)


def malloc_summary(xml: bytes) -> str:
    """One line from glibc's malloc_info XML: per arena the memory held from the system and the
    part of it free between blocks (MB), then the blocks mapped apart from the arenas."""
    text = xml.decode()

    def size(block: str, tag: str, kinds: tuple[str, ...]) -> int:
        found = re.findall(rf'<{tag} type="(\w+)"(?: count="\d+")? size="(\d+)"/>', block)
        return sum(int(value) for kind, value in found if kind in kinds)

    parts = []
    for number, block in re.findall(r'<heap nr="(\d+)">(.*?)</heap>', text, flags=re.S):
        held, free = size(block, "system", ("current",)), size(block, "total", ("fast", "rest"))
        parts.append(f"arena {number} held {_mb(held)} free {_mb(free)}")
    mapped = re.search(r'<total type="mmap" count="(\d+)" size="(\d+)"/>', text.split("</heap>")[-1])
    if mapped:
        parts.append(f"mapped {mapped.group(1)} blocks {_mb(int(mapped.group(2)))}")
    return "; ".join(parts)
