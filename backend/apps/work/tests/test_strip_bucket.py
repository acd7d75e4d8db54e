"""The teammates strip's copy lives for a quarter hour of UTC (apps/work/strip.py). That is exact
only because what the strip shows changes with time alone at a member's local midnight or at a
change of their UTC offset, and both fall on a quarter hour of UTC in every zone a member can
choose. These tests check that fact for every IANA zone over the coming years, and that a strip
made at the start of a quarter hour equals one made at its last second."""

import datetime as dt
import zoneinfo

import pytest

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import timeutils
from apps.work import presence, strip
from apps.work.services import status as services

QUARTER = dt.timedelta(seconds=strip.STRIP_SECONDS)
FROM, TO = dt.datetime(2026, 1, 1, tzinfo=dt.UTC), dt.datetime(2029, 1, 1, tzinfo=dt.UTC)


def _offset(zone: zoneinfo.ZoneInfo, at: dt.datetime) -> dt.timedelta:
    return at.astimezone(zone).utcoffset()


def _changes(zone: zoneinfo.ZoneInfo):
    """Each instant in [FROM, TO) where the zone's offset changes (daily steps, then bisection)."""
    at, before = FROM, _offset(zone, FROM)
    while at < TO:
        nxt = at + dt.timedelta(days=1)
        after = _offset(zone, nxt)
        if after != before:
            lo, hi = at, nxt  # offset(lo) == before, offset(hi) != before
            while hi - lo > dt.timedelta(seconds=1):
                mid = lo + (hi - lo) / 2
                mid = mid.replace(microsecond=0)
                if _offset(zone, mid) == before:
                    lo = mid
                else:
                    hi = mid
            yield hi
        at, before = nxt, after


def test_every_zone_changes_offset_and_starts_its_days_on_a_quarter_hour_of_utc():
    quarter = int(QUARTER.total_seconds())
    odd = []
    for name in sorted(zoneinfo.available_timezones()):
        zone = zoneinfo.ZoneInfo(name)
        if int(_offset(zone, FROM).total_seconds()) % quarter:
            odd.append((name, "offset", _offset(zone, FROM)))
        for change in _changes(zone):
            if int(change.timestamp()) % quarter or int(_offset(zone, change).total_seconds()) % quarter:
                odd.append((name, "change", change))
        for day in (dt.date(2026, 3, 29), dt.date(2026, 10, 25), dt.date(2027, 6, 1)):
            if int(timeutils.day_start(day, name).timestamp()) % quarter:
                odd.append((name, "midnight", day))
    assert odd == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    "zone", ["Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe"]
)
@pytest.mark.parametrize(
    "bucket_start",
    [
        # quarter hours that hold a local midnight or an offset change in some of the zones, and a plain one
        dt.datetime(2026, 3, 29, 0, 45, tzinfo=dt.UTC),
        dt.datetime(2026, 10, 25, 0, 45, tzinfo=dt.UTC),
        dt.datetime(2026, 11, 24, 13, 0, tzinfo=dt.UTC),
        dt.datetime(2026, 11, 24, 18, 0, tzinfo=dt.UTC),
    ],
)
def test_a_strip_made_at_the_start_of_its_quarter_hour_is_the_strip_of_its_last_second(
    zone, bucket_start, clock
):
    workspace = WorkspaceFactory()
    night, left = (UserFactory(workspace=workspace, timezone=zone) for _ in range(2))
    clock.set(bucket_start - dt.timedelta(hours=7))
    services.status_change(user=night, status="working")
    services.status_change(user=left, status="working")
    clock.advance(hours=5)
    services.leave_office(user=left)
    last = bucket_start + QUARTER - dt.timedelta(seconds=1)
    assert (
        int(bucket_start.timestamp()) // strip.STRIP_SECONDS == int(last.timestamp()) // strip.STRIP_SECONDS
    )

    def rows(at):
        return sorted(
            presence.member_rows(workspace_id=workspace.pk, viewer=None, now=at), key=lambda r: r["user"]
        )

    assert rows(bucket_start) == rows(last)
