"""Each live event of the integrations: its payload, who receives it, and who receives nothing."""

import datetime as dt

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.integrations import events, fake_server, services

pytestmark = pytest.mark.django_db


def test_time_entries_synced(fake, live_events):
    user = UserFactory(
        external_tracker_config_json={
            "provider": "clockify",
            "api_key": fake_server.CLOCKIFY_KEY,
            "base_url": f"{fake}/clockify",
        }
    )
    teammate, stranger = UserFactory(workspace=user.workspace), UserFactory()
    day = dt.date(2026, 11, 2)
    with live_events.capture():
        services.sync_time_entries(user=user, from_date=day, to_date=day, notify_user=True)
    groups, message = live_events.one(events.TIME_ENTRIES_SYNCED.name)
    assert message["meta"] == {"from_date": "2026-11-02", "to_date": "2026-11-02"}
    assert (message["table_name"], message["email"], message["action"]) == (
        "time_tracked_externally",
        user.email,
        "",
    )
    assert [live_events.reaches(groups, p) for p in (user, teammate, stranger)] == [True, False, False]

    live_events.sent.clear()
    with live_events.capture():  # nothing changed, or the user asked not to be told: no event
        services.sync_time_entries(user=user, from_date=day, to_date=day, notify_user=True)
        services.sync_time_entries(user=user, from_date=day, to_date=dt.date(2026, 11, 3), notify_user=False)
    assert live_events.sent == []
