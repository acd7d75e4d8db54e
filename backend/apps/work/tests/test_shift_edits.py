"""Add Work / Add Break and a manual shift's new bounds, as properties: whatever the edits, the
segments stay back to back (no overlap, no holes), cover the shift exactly, neighbours of one
status are merged, and work + break = the shift's length."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.work import accounting
from apps.work.shift_edits import Span, merge, overlay, reshape, seconds_of

T0 = dt.datetime(2026, 3, 29, 0, 0, tzinfo=dt.UTC)
STATUSES = ("working", "taking_break")


def minutes(n: int) -> dt.datetime:
    return T0 + dt.timedelta(minutes=n)


def assert_well_formed(spans, lo, hi):
    assert spans[0].start == lo and spans[-1].end == hi
    for a, b in zip(spans, spans[1:], strict=False):
        assert a.end == b.start  # no hole, no overlap
        assert a.status != b.status  # merged
    assert all(s.end > s.start for s in spans)
    assert seconds_of(spans, "working") + seconds_of(spans, "taking_break") == (hi - lo).total_seconds()


edit = st.tuples(st.sampled_from(STATUSES), st.integers(0, 600), st.integers(1, 600))


@settings(max_examples=300, deadline=None)
@given(length=st.integers(1, 600), edits=st.lists(edit, max_size=8))
def test_overlays_keep_the_shift_whole(length, edits):
    lo, hi = minutes(0), minutes(length)
    spans = [Span("working", lo, hi)]
    for status, a, b in edits:
        start, end = sorted((min(a, length), min(b, length)))
        if start == end:
            continue
        before_other = [s for s in spans if s.status != status]
        spans = overlay(spans, status=status, start=minutes(start), end=minutes(end))
        assert_well_formed(spans, lo, hi)
        # The span now has the status; time outside it kept its status.
        covered = sum(
            (min(s.end, minutes(end)) - max(s.start, minutes(start))).total_seconds()
            for s in spans
            if s.status == status and s.start < minutes(end) and s.end > minutes(start)
        )
        assert covered == (end - start) * 60
        other_outside = sum(
            (s.end - s.start).total_seconds()
            - max(0, (min(s.end, minutes(end)) - max(s.start, minutes(start))).total_seconds())
            for s in before_other
        )
        assert seconds_of(spans, STATUSES[1 - STATUSES.index(status)]) == other_outside
        # The accounting agrees: work + break = length.
        numbers = accounting.totals([accounting.Segment(s.status, s.start, s.end) for s in spans], until=hi)
        assert numbers.work_time + numbers.break_time == length * 60
        assert numbers.inactive_time == numbers.work_time - numbers.active_time - numbers.manual_time


@settings(max_examples=200, deadline=None)
@given(
    edits=st.lists(edit, max_size=5),
    new_start=st.integers(-120, 300),
    new_length=st.integers(1, 600),
)
def test_new_bounds_cut_or_grow_with_work(edits, new_start, new_length):
    lo, hi = minutes(0), minutes(300)
    spans = [Span("working", lo, hi)]
    for status, a, b in edits:
        start, end = sorted((min(a, 300), min(b, 300)))
        if start < end:
            spans = overlay(spans, status=status, start=minutes(start), end=minutes(end))
    start, end = minutes(new_start), minutes(new_start + new_length)
    out = reshape(spans, start=start, end=end, fill="working")
    assert_well_formed(out, start, end)
    # Breaks inside the new bounds stay where they were; added time is work.
    kept_break = sum(
        max(0, (min(s.end, end) - max(s.start, start)).total_seconds())
        for s in spans
        if s.status == "taking_break"
    )
    assert seconds_of(out, "taking_break") == kept_break


def test_add_work_inside_a_break_splits_it_and_add_break_reverses():
    spans = [Span("working", minutes(0), minutes(60)), Span("taking_break", minutes(60), minutes(120))]
    split = overlay(spans, status="working", start=minutes(80), end=minutes(90))
    assert split == [
        Span("working", minutes(0), minutes(60)),
        Span("taking_break", minutes(60), minutes(80)),
        Span("working", minutes(80), minutes(90)),
        Span("taking_break", minutes(90), minutes(120)),
    ]
    # Covering the whole break replaces it and the neighbours merge into one work segment.
    assert overlay(spans, status="working", start=minutes(60), end=minutes(120)) == [
        Span("working", minutes(0), minutes(120))
    ]
    assert overlay(split, status="taking_break", start=minutes(80), end=minutes(90)) == merge(spans)
