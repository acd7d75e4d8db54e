"""Every derived number of time accounting, as pure functions over status segments.

Shifts, work days, the worktime summary and the demo data all call `totals`; nothing else adds
up seconds. The rules (see docs/time-accounting.md):

- work = seconds of `working` segments, break = seconds of `taking_break` segments;
- active = closed task-tracker intervals inside working segments; processing = the running
  tracker interval inside working segments (it becomes active when it closes);
- manual = work inside manual shifts plus task time added by hand (a work day's number: hand time
  has no place in time), never more than work - active - processing;
- inactive = work - active - manual - processing;
- level = (active + manual + processing) / work as a whole percent, half rounded up; 0 without work.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from apps.core.timeutils import overlap_seconds

WORKING = "working"
TAKING_BREAK = "taking_break"


@dataclass(frozen=True)
class Segment:
    status: str
    start: dt.datetime
    end: dt.datetime | None  # None: still open
    manual: bool = False


@dataclass(frozen=True)
class Interval:
    """A task-tracker interval; `end` None while it runs."""

    start: dt.datetime
    end: dt.datetime | None


@dataclass(frozen=True)
class Totals:
    work_time: int = 0
    break_time: int = 0
    active_time: int = 0
    manual_time: int = 0
    inactive_time: int = 0
    processing_time: int = 0
    level: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "work_time": self.work_time,
            "break_time": self.break_time,
            "active_time": self.active_time,
            "manual_time": self.manual_time,
            "inactive_time": self.inactive_time,
            "processing_time": self.processing_time,
            "level": self.level,
        }


def level_percent(*, counted: int, work: int) -> int:
    if work <= 0:
        return 0
    return min(100, (200 * counted + work) // (2 * work))


def totals(
    segments: Iterable[Segment],
    *,
    until: dt.datetime,
    window: tuple[dt.datetime, dt.datetime] | None = None,
    intervals: Iterable[Interval] = (),
    hand: int = 0,
) -> Totals:
    """Sum `segments` (open ones run to `until`), optionally clipped to the [lo, hi) `window`.

    `intervals` (task tracker) count only where they lie inside working segments of the window,
    so active + processing <= work whatever they hold; `hand` seconds of task time added by hand
    count as manual up to what is left of the work."""
    lo, hi = window if window is not None else (dt.datetime.min.replace(tzinfo=dt.UTC), until)
    hi = min(hi, until)
    work = pause = manual = 0
    working: list[tuple[dt.datetime, dt.datetime]] = []
    for segment in segments:
        end = segment.end or until
        seconds = overlap_seconds(segment.start, end, lo, hi)
        if segment.status == WORKING:
            work += seconds
            if seconds:
                working.append((max(segment.start, lo), min(end, hi)))
            if segment.manual:
                manual += seconds
        elif segment.status == TAKING_BREAK:
            pause += seconds
    active = processing = 0
    for interval in intervals:
        end = interval.end or until
        seconds = sum(overlap_seconds(interval.start, end, a, b) for a, b in working)
        if interval.end is None:
            processing += seconds
        else:
            active += seconds
    manual = min(manual + max(hand, 0), work - active - processing)
    return _totals(work=work, pause=pause, active=active, manual=manual, processing=processing)


def _totals(*, work: int, pause: int, active: int, manual: int, processing: int) -> Totals:
    """The one place inactive time and level are derived from the measured numbers."""
    return Totals(
        work_time=work,
        break_time=pause,
        active_time=active,
        manual_time=manual,
        inactive_time=work - active - manual - processing,
        processing_time=processing,
        level=level_percent(counted=active + manual + processing, work=work),
    )


def add(parts: Iterable[Totals]) -> Totals:
    """Totals of several shifts: sums, with the level recomputed from the sums."""
    work = pause = active = manual = processing = 0
    for part in parts:
        work += part.work_time
        pause += part.break_time
        active += part.active_time
        manual += part.manual_time
        processing += part.processing_time
    return _totals(work=work, pause=pause, active=active, manual=manual, processing=processing)
