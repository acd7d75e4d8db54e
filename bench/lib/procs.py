"""This machine's processes, read from /proc (Linux): the benches find their servers' workers
and measure what the services spend with it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Process:
    pid: int
    argv: list[str]  # the command line (a PostgreSQL backend's is one string: its process title)
    stat: list[str]  # /proc/<pid>/stat after the command name: state, ppid, pgrp, session, ...

    @property
    def ppid(self) -> int:
        return int(self.stat[1])

    @property
    def session(self) -> int:
        return int(self.stat[3])

    @property
    def cpu_seconds(self) -> float:
        return (int(self.stat[11]) + int(self.stat[12])) / TICKS_PER_SECOND  # utime + stime


def process(pid: int) -> Process | None:
    """`pid`, or None when it is gone (or not ours to read)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = [part.decode(errors="replace") for part in f.read().split(b"\0") if part]
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return Process(pid, argv, stat)


def processes() -> Iterator[Process]:
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (found := process(int(entry.name))) is not None:
            yield found
