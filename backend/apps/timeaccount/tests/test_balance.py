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
from apps.timeaccount.models import AccountRules, AccountStart
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
        "year_end": 0,
        "balance": 10 * 3600 - 6 * 8 * 3600,
    }
    assert found["today"] == {
        "worked": 0,
        "expected": 8 * 3600,
        "holiday": None,
        "holiday_work_flagged": False,
    }
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
                "year_end": 0,
                "balance": sum(worked.values()) - expected + total_adjusted,
            }


class TestYearEndProperty(HypothesisTestCase):
    """With a year-end rule, over histories that span year ends, the balance still equals
    worked - expected + adjustments + year_end, and equals a day-by-day walk that applies the rule
    at each 31 December; carrying over all leaves year_end 0."""

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        span=st.integers(min_value=1, max_value=900),
        worked=st.dictionaries(
            st.integers(min_value=0, max_value=900),
            st.integers(min_value=0, max_value=14 * 3600),
            max_size=25,
        ),
        adjustments=st.lists(
            st.tuples(
                st.integers(min_value=0, max_value=900), st.integers(min_value=-90000, max_value=90000)
            ),
            max_size=4,
        ),
        pattern=st.lists(st.integers(min_value=0, max_value=4 * 3600), min_size=7, max_size=7),
        rule=st.one_of(
            st.tuples(st.just("carry_all"), st.none()),
            st.tuples(st.just("reset"), st.none()),
            st.tuples(st.just("cap"), st.integers(min_value=0, max_value=40 * 3600)),
        ),
    )
    def test_balance_applies_the_year_end_rule(self, span, worked, adjustments, pattern, rule):
        from unittest import mock

        now = dt.datetime(2026, 4, 12, 12, tzinfo=UTC)
        with mock.patch.object(timeutils, "now", lambda: now):
            workspace = WorkspaceFactory()
            user = UserFactory(workspace=workspace, timezone="Europe/Berlin")
            today = timeutils.local_today(user.timezone)
            start = today - dt.timedelta(days=span)
            AccountStart.objects.create(user=user, start_date=start)
            AccountRules.objects.create(workspace=workspace, year_end=rule[0], cap_seconds=rule[1])
            WorkPatternFactory(workspace=workspace, valid_from=start - DAY, weekday_seconds=pattern)
            by_day = {start + dt.timedelta(days=n): s for n, s in worked.items() if n <= span}
            WorkDay.objects.bulk_create(
                WorkDay(user=user, work_date=day, work_time_seconds=s) for day, s in by_day.items()
            )
            adjusted: dict[dt.date, int] = {}
            for n, seconds in adjustments:
                day = start + dt.timedelta(days=min(n, span))
                if seconds:
                    services.adjustment_add(
                        user=user, date=day, kind="time_in_lieu", seconds=seconds, reason="r", by=None
                    )
                    adjusted[day] = adjusted.get(day, 0) + seconds
            found = summary(user)["balance"]
            assert found["balance"] == (
                found["worked"] - found["expected"] + found["adjustments"] + found["year_end"]
            )
            if rule[0] == "carry_all":
                assert found["year_end"] == 0
            # the walk: day by day, today's target as far as worked, the rule at each year end
            line = rules.timeline([rules.Pattern(start - DAY, tuple(pattern))], [])
            running, day = 0, start
            while day <= today:
                target = rules.expected_day(line, day, {})
                if day == today:
                    target = min(target, by_day.get(day, 0))
                running += by_day.get(day, 0) - target + adjusted.get(day, 0)
                if day.month == 12 and day.day == 31 and day < today:
                    if rule[0] == "reset":
                        running = 0
                    elif rule[0] == "cap":
                        running = min(running, rule[1])
                day += DAY
            assert found["balance"] == running


@pytest.mark.django_db
def test_work_on_a_holiday_is_flagged_when_the_workspace_says_so(member, clock):
    services.holiday_set(
        workspace_id=member.workspace_id, date=dt.date(2026, 3, 10), name="Team day", removed=False
    )
    clock.set(dt.datetime(2026, 3, 10, 8, tzinfo=UTC))
    status_services.status_change(user=member, status="working")
    clock.set(dt.datetime(2026, 3, 10, 10, tzinfo=UTC))
    before = summary(member)
    assert before["today"]["holiday"] == "Team day" and before["today"]["holiday_work_flagged"] is False
    services.rules_set(
        workspace_id=member.workspace_id, year_end="carry_all", cap_seconds=None, holiday_work="flagged"
    )
    after = summary(member)
    assert after["today"]["holiday_work_flagged"] is True
    assert after["balance"] == before["balance"]  # flagged work still counts


def test_full_time_is_forty_hours():
    assert sum(FULL_TIME) == 40 * 3600
