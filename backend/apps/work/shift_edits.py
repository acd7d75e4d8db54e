"""Shift editing as pure functions over back-to-back (status, start, end) segments.

`overlay` puts a span of one status on a shift: Add Work inside a break splits or replaces the
break segments it covers, Add Break does the same to work, and neighbours of one status merge.
`reshape` moves a manual shift's start and end (cut segments, or grow the first / last one).
Both keep what the accounting relies on: segments back to back, no overlap, no holes, and the
length of the shift = work + break (tests: apps/work/tests/test_shift_edits.py, hypothesis).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import NamedTuple


class Span(NamedTuple):
    status: str
    start: dt.datetime
    end: dt.datetime


def merge(spans: Sequence[Span]) -> list[Span]:
    """Sorted, with touching spans of one status joined and empty ones dropped."""
    out: list[Span] = []
    for span in sorted((s for s in spans if s.end > s.start), key=lambda s: s.start):
        if out and out[-1].status == span.status and out[-1].end == span.start:
            out[-1] = Span(span.status, out[-1].start, span.end)
        else:
            out.append(span)
    return out


def overlay(spans: Sequence[Span], *, status: str, start: dt.datetime, end: dt.datetime) -> list[Span]:
    """`status` from `start` to `end` (which lie within the spans' bounds); the rest unchanged."""
    out: list[Span] = []
    for span in spans:
        if span.end <= start or span.start >= end:
            out.append(span)
            continue
        if span.start < start:
            out.append(Span(span.status, span.start, start))
        if span.end > end:
            out.append(Span(span.status, end, span.end))
    out.append(Span(status, start, end))
    return merge(out)


def reshape(spans: Sequence[Span], *, start: dt.datetime, end: dt.datetime, fill: str) -> list[Span]:
    """The spans cut to [start, end); time added before or after is `fill` (work)."""
    spans = merge(spans)
    out = [Span(s.status, max(s.start, start), min(s.end, end)) for s in spans]
    out = [s for s in out if s.end > s.start]
    if not out:
        return [Span(fill, start, end)]
    if out[0].start > start:
        out.insert(0, Span(fill, start, out[0].start))
    if out[-1].end < end:
        out.append(Span(fill, out[-1].end, end))
    return merge(out)


def seconds_of(spans: Sequence[Span], status: str) -> int:
    return sum(int((s.end - s.start).total_seconds()) for s in spans if s.status == status)
