"""The working-time account keeps each member's worked time (selectors.work_inputs: the stored sum
per year since the start, the recent days' totals, the running records' starts) per process under
their time stamp `d:<user>` (apps/timeaccount/stamps.py): after every kind of write, a past day's
included, and as the clock runs with nothing written, the kept answer equals the one made afresh
from the rows; a read while nothing was written reads the stamps instead of the worked time."""

import datetime as dt
import random

import pytest
from django.db import connection, transaction

from apps.accounts.models import User
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.timeaccount import selectors
from apps.timeaccount.models import AccountRules, AccountStart, Adjustment, YearEnd
from apps.timeaccount.tests.factories import WorkPatternFactory
from apps.work.models import WorkDay
from apps.work.services import status as status_services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]

UTC = dt.UTC
H = 3600


def load(*users) -> list[User]:
    return list(User.objects.select_related("workspace").filter(pk__in=[u.pk for u in users]).order_by("pk"))


def made(*users) -> dict:
    with transaction.atomic():  # inside a transaction no copy is used or kept: the recomputation
        return selectors.summaries(load(*users))


def same_both_ways(*users) -> dict:
    first, second, fresh = selectors.summaries(load(*users)), selectors.summaries(load(*users)), made(*users)
    assert first == fresh and second == fresh
    return fresh


@pytest.fixture
def team(clock):
    """Two members since 1 December 2025 (full time), the year end capped at 10 h: the balance
    needs each closed year's sum."""
    workspace = WorkspaceFactory()
    WorkPatternFactory(workspace=workspace, valid_from=dt.date(2025, 1, 1))
    AccountRules.objects.create(workspace=workspace, year_end=YearEnd.CAP, cap_seconds=10 * H)
    users = [UserFactory(workspace=workspace, timezone="Europe/Berlin") for _ in range(2)]
    for user in users:
        AccountStart.objects.create(user=user, start_date=dt.date(2025, 12, 1))
    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=UTC))
    return users


def test_the_kept_worked_time_follows_every_write_and_the_clock(team, clock):
    ada, ben = team
    first = same_both_ways(ada, ben)
    assert first[ada.pk]["balance"]["worked"] == 0

    status_services.status_change(user=ada, status="working")
    clock.advance(hours=2)
    assert same_both_ways(ada, ben)[ada.pk]["today"]["worked"] == 2 * H
    clock.advance(hours=1)  # nothing written: the same copy, the running record counted to now
    assert same_both_ways(ada, ben)[ada.pk]["balance"]["worked"] == 3 * H
    status_services.leave_office(user=ada)

    # a past day of this year and one of the closed year, recorded afterwards
    for day in (dt.datetime(2026, 3, 3, 8, tzinfo=UTC), dt.datetime(2025, 12, 15, 8, tzinfo=UTC)):
        before = same_both_ways(ada, ben)[ada.pk]["balance"]
        status_services.record_shift(user=ada, segments=[("working", day, day + dt.timedelta(hours=12))])
        after = same_both_ways(ada, ben)[ada.pk]["balance"]
        assert after["worked"] == before["worked"] + 12 * H

    # an edit of a stored past total (as a correction would write it), then its removal: the
    # closed year's sum goes over the cap, so the year end's correction changes too
    WorkDay.objects.filter(user=ada, work_date=dt.date(2025, 12, 15)).update(work_time_seconds=200 * H)
    edited = same_both_ways(ada, ben)[ada.pk]["balance"]
    assert edited["worked"] == after["worked"] + 188 * H and edited["year_end"] < 0
    WorkDay.objects.filter(user=ada, work_date=dt.date(2025, 12, 15)).delete()
    assert same_both_ways(ada, ben)[ada.pk]["balance"]["worked"] == after["worked"] - 12 * H

    # the other member's answer never changed
    assert same_both_ways(ada, ben)[ben.pk] == first[ben.pk]

    # the clock past the month's and the year's end: new recent dates, new copies
    clock.set(dt.datetime(2027, 1, 4, 9, tzinfo=UTC))
    same_both_ways(ada, ben)


def test_random_edits_of_past_days_keep_the_kept_answer_equal_to_the_recomputation(team, clock):
    ada, ben = team
    dice = random.Random(27)
    days = [dt.date(2025, 12, 1) + dt.timedelta(days=n) for n in range(99)]
    for _ in range(40):
        user, day = dice.choice(team), dice.choice(days)
        action = dice.random()
        if action < 0.6:
            WorkDay.objects.update_or_create(
                user=user, work_date=day, defaults={"work_time_seconds": dice.randrange(0, 14 * H)}
            )
        elif action < 0.8:
            WorkDay.objects.filter(user=user, work_date=day).delete()
        else:
            clock.advance(hours=dice.randrange(1, 30))
        same_both_ways(ada, ben)


def test_a_read_while_nothing_was_written_reads_the_stamps_not_the_worked_time(
    team, django_assert_num_queries
):
    users = load(*team)
    Adjustment.objects.create(
        user=team[0],
        date=dt.date(2026, 1, 5),
        kind="paid_out",
        seconds=-H,
        reason="x",
        created_at=dt.datetime.now(UTC),
    )
    selectors.summaries(users)
    # the account's six, the stamps, the adjustments (made afresh: the ten of docs/timeaccount.md)
    with django_assert_num_queries(8):
        selectors.summaries(users)
    status_services.status_change(user=team[1], status="working")
    with django_assert_num_queries(11):  # the written member's worked time, in three queries
        selectors.summaries(users)
    with django_assert_num_queries(8):
        selectors.summaries(users)
