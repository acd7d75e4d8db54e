"""Each live event of the checkout: its payload, who receives it, and who receives nothing."""

import pytest

from apps.checkout import events, services
from apps.work.models import WorkDay
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db


def test_update_checkout_read_logs_reaches_the_readers_own_sockets(team, clock, live_events):
    status_services.status_change(user=team.ben, status="working")
    day = WorkDay.objects.get(user=team.ben)
    with live_events.capture():
        services.mark_read(reader=team.ada, work_day_ids=[day.pk])
    groups, message = live_events.one(events.UPDATE_CHECKOUT_READ_LOGS_READ_LOG_MARK_ALL.name)
    assert message["meta"] == {"work_day_ids": [day.pk], "user_ids": [team.ben.pk]}
    assert [live_events.reaches(groups, p) for p in (team.ada, team.ben, team.tina, team.sam)] == [
        True,
        False,
        False,
        False,
    ]
    with live_events.capture():
        services.mark_read(reader=team.zoe, work_day_ids=[day.pk])  # may not read it: nothing
    assert (
        len(live_events.named(events.UPDATE_CHECKOUT_READ_LOGS_READ_LOG_MARK_ALL.name)) == 1
    )  # still only the first


def test_checkout_status_updated_reaches_the_checkouts_readers(team, clock, live_events):
    status_services.status_change(user=team.ben, status="working")
    day = WorkDay.objects.select_related("user").get(user=team.ben)
    with live_events.capture():
        services.run_checks(work_day=day)
    groups, message = live_events.one(events.CHECKOUT_STATUS_UPDATED.name)
    assert message["meta"] == {
        "user_id": team.ben.pk,
        "work_date": day.work_date.isoformat(),
        "work_day_id": day.pk,
    }
    people = (team.ben, team.ada, team.tina, team.adam, team.zoe, team.sam)
    assert [live_events.reaches(groups, p) for p in people] == [True, True, True, True, False, False]
