"""The balance (docs/timeaccount.md): worked - expected + adjustments over any range, a day in
the member's own time zone, whatever the order of edits (hypothesis over random histories)."""

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from apps.accounts.models import User
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import timeutils
from apps.timeaccount import rules, selectors, services
from apps.timeaccount.models import AccountStart
from apps.timeaccount.tests.factories import FULL_TIME, WorkPatternFactory
from apps.work.models import WorkDay
from apps.work.services import status as status_services

UTC = dt.UTC
DAY = dt.timedelta(days=1)


def load(user):
    return User.objects.select_related("workspace").get(pk=user.pk)


def summary(user):
    return selectors.summaries([load(user)])[user.pk]


@pytest.fixture
def member(clock):
    workspace = WorkspaceFactory()
    user = UserFactory(workspace=workspace, timezone="Europe/Berlin")
    AccountStart.objects.create(user=user, start_date=dt.date(2026, 3, 2))
    WorkPatternFactory(workspace=workspace, valid_from=dt.date(2026, 1, 1))
    return user


def work(user, start, end):
    """A shift through the status writes at these instants (the midnight rule splits it)."""
    timeutils.now.set(start)
    status_services.status_change(user=user, status="working")
    timeutils.now.set(end)
    status_services.leave_office(user=user)


@pytest.mark.django_db
def test_balance_counts_closed_days_and_todays_worked_part(member, clock):
    # Monday 2 .. Tuesday 10 March 2026: 6 closed workdays (Mon-Fri + Mon 9) of 8 h
    work(member, dt.datetime(2026, 3, 2, 8, tzinfo=UTC), dt.datetime(2026, 3, 2, 18, tzinfo=UTC))  # 10 h
    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=UTC))
    found = summary(member)
    assert found["balance"] == {
        "worked": 10 * 3600,
        "expected": 6 * 8 * 3600,
        "adjustments": 0,
        "balance": 10 * 3600 - 6 * 8 * 3600,
    }
    assert found["today"] == {"worked": 0, "expected": 8 * 3600, "holiday": None}
    assert found["week"]["from_date"] == dt.date(2026, 3, 9)
    assert found["week"]["expected"] == 2 * 8 * 3600 and found["week"]["difference"] == -8 * 3600


@pytest.mark.django_db
def test_running_shift_counts_live_and_todays_target_only_as_worked(member, clock):
    clock.set(dt.datetime(2026, 3, 10, 8, tzinfo=UTC))
    status_services.status_change(user=member, status="working")
    clock.set(dt.datetime(2026, 3, 10, 11, tzinfo=UTC))
    found = summary(member)
    assert found["today"]["worked"] == 3 * 3600
    closed = 6 * 8 * 3600
    assert found["balance"]["expected"] == closed + 3 * 3600
    assert found["balance"]["balance"] == -closed
    clock.set(dt.datetime(2026, 3, 10, 19, tzinfo=UTC))  # 11 h: 3 h over today's target count
    assert summary(member)["balance"]["balance"] == -closed + 3 * 3600


@pytest.mark.django_db
def test_shift_across_midnight_counts_on_its_work_day(member, clock):
    # 22:00 - 02:00 Berlin (21:00 - 01:00 UTC) on Friday 6 -> Saturday 7 March: work's midnight
    # rule splits the record but keeps the shift on the work day it started (docs/timeaccount.md)
    work(member, dt.datetime(2026, 3, 6, 21, tzinfo=UTC), dt.datetime(2026, 3, 7, 1, tzinfo=UTC))
    days = dict(WorkDay.objects.filter(user=member).values_list("work_date", "work_time_seconds"))
    assert days == {dt.date(2026, 3, 6): 4 * 3600}
    clock.set(dt.datetime(2026, 3, 9, 6, tzinfo=UTC))
    assert summary(member)["balance"]["worked"] == 4 * 3600


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("start", "end", "hours"),
    [
        # Europe/Berlin: 29 March 2026 has 23 hours, 25 October 2026 has 25
        (dt.datetime(2026, 3, 28, 23, tzinfo=UTC), dt.datetime(2026, 3, 29, 22, tzinfo=UTC), 23),
        (dt.datetime(2026, 10, 24, 22, tzinfo=UTC), dt.datetime(2026, 10, 25, 23, tzinfo=UTC), 25),
    ],
)
def test_dst_days_have_their_real_length(member, clock, start, end, hours):
    # a whole local Sunday worked (midnight to midnight): the day holds its 23 or 25 hours
    work(member, start, end)
    day = timeutils.local_date(start, member.timezone)
    assert WorkDay.objects.get(user=member, work_date=day).work_time_seconds == hours * 3600
    clock.set(end + dt.timedelta(days=1, hours=1))
    found = summary(member)
    assert found["balance"]["worked"] == hours * 3600
    assert found["balance"]["expected"] == selectors.accounts([load(member)])[member.pk].expected(
        dt.date(2026, 3, 2), found["date"] - DAY
    ) + rules.counted_today(worked=0, expected=found["today"]["expected"])


@pytest.mark.django_db
def test_moving_time_zone_keeps_past_days_and_targets(member, clock):
    work(member, dt.datetime(2026, 3, 9, 8, tzinfo=UTC), dt.datetime(2026, 3, 9, 16, tzinfo=UTC))
    clock.set(dt.datetime(2026, 3, 11, 12, tzinfo=UTC))
    before = summary(member)
    member.timezone = "America/New_York"
    member.save(update_fields=["timezone"])
    work(member, dt.datetime(2026, 3, 11, 13, tzinfo=UTC), dt.datetime(2026, 3, 11, 21, tzinfo=UTC))
    after = summary(member)
    assert after["date"] == before["date"] == dt.date(2026, 3, 11)
    assert after["balance"]["worked"] == before["balance"]["worked"] + 8 * 3600
    assert after["week"]["expected"] == before["week"]["expected"]


@pytest.mark.django_db
def test_a_holiday_lowers_the_target_and_a_removed_one_does_not(member, clock):
    services.region_set(workspace_id=member.workspace_id, user=None, country="DE", subdivision="BE")
    clock.set(dt.datetime(2026, 4, 7, 9, tzinfo=UTC))  # Good Friday 3 April, Easter Monday 6 April
    account = selectors.accounts([load(member)])[member.pk]
    week = account.expected(dt.date(2026, 3, 30), dt.date(2026, 4, 5))
    assert week == 4 * 8 * 3600
    services.holiday_set(workspace_id=member.workspace_id, date=dt.date(2026, 4, 3), name="", removed=True)
    account = selectors.accounts([load(member)])[member.pk]
    assert account.expected(dt.date(2026, 3, 30), dt.date(2026, 4, 5)) == 5 * 8 * 3600


@pytest.mark.django_db
def test_a_new_pattern_changes_only_the_days_from_its_date(member, clock):
    clock.set(dt.datetime(2026, 3, 20, 9, tzinfo=UTC))
    account = selectors.accounts([load(member)])[member.pk]
    march_before = account.expected(dt.date(2026, 3, 2), dt.date(2026, 3, 15))
    services.pattern_set(
        workspace_id=member.workspace_id,
        user=member,
        valid_from=dt.date(2026, 3, 16),
        weekday_seconds=[4 * 3600] * 5 + [0, 0],
        by=None,
    )
    account = selectors.accounts([load(member)])[member.pk]
    assert account.expected(dt.date(2026, 3, 2), dt.date(2026, 3, 15)) == march_before
    assert account.expected(dt.date(2026, 3, 16), dt.date(2026, 3, 20)) == 5 * 4 * 3600


class TestBalanceProperty(HypothesisTestCase):
    """Over random histories of worked days and adjustments, in any order of writes, the balance
    since start equals sum(worked) - sum(expected of closed days) - today's counted + adjustments."""

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        worked=st.dictionaries(
            st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=12 * 3600), max_size=15
        ),
        adjustments=st.lists(
            st.tuples(st.integers(min_value=0, max_value=40), st.integers(min_value=-36000, max_value=36000)),
            max_size=4,
        ),
        pattern=st.lists(st.integers(min_value=0, max_value=10 * 3600), min_size=7, max_size=7),
        zone=st.sampled_from(["UTC", "Europe/Berlin", "America/New_York", "Pacific/Auckland"]),
    )
    def test_balance_is_worked_minus_expected_plus_adjustments(self, worked, adjustments, pattern, zone):
        from unittest import mock

        now = dt.datetime(2026, 4, 12, 12, tzinfo=UTC)
        with mock.patch.object(timeutils, "now", lambda: now):
            workspace = WorkspaceFactory()
            user = UserFactory(workspace=workspace, timezone=zone)
            today = timeutils.local_today(zone)
            start = today - dt.timedelta(days=40)
            AccountStart.objects.create(user=user, start_date=start)
            WorkPatternFactory(
                workspace=workspace, user=user, valid_from=start - DAY, weekday_seconds=pattern
            )
            WorkDay.objects.bulk_create(
                WorkDay(user=user, work_date=start + dt.timedelta(days=n), work_time_seconds=s)
                for n, s in worked.items()
            )
            for n, seconds in adjustments:
                if seconds:
                    services.adjustment_add(
                        user=user,
                        date=start + dt.timedelta(days=n),
                        kind="time_in_lieu",
                        seconds=seconds,
                        reason="r",
                        by=None,
                    )
            found = summary(user)["balance"]
            line = rules.timeline([rules.Pattern(start - DAY, tuple(pattern))], [])
            by_day = {start + dt.timedelta(days=n): s for n, s in worked.items()}
            expected = sum(rules.expected_day(line, start + dt.timedelta(days=n), {}) for n in range(40))
            today_expected = rules.expected_day(line, today, {})
            expected += min(by_day.get(today, 0), today_expected)
            total_adjusted = sum(s for _, s in adjustments)
            assert found == {
                "worked": sum(worked.values()),
                "expected": expected,
                "adjustments": total_adjusted,
                "balance": sum(worked.values()) - expected + total_adjusted,
            }


def test_full_time_is_forty_hours():
    assert sum(FULL_TIME) == 40 * 3600
