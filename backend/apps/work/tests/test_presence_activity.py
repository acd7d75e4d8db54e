"""Real presence (docs/presence.md) with the test clock: activity makes a member active, its loss
idle after the workspace's idle time and then away ('last seen'), as the teammates strip shows it."""

import datetime as dt

import pytest

from apps.accounts.models import User
from apps.accounts.tests.factories import UserFactory
from apps.work import events, selectors
from apps.work.services import activity, invisible
from apps.work.services import status as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    ben = UserFactory(allow_invisible_mode=True)
    return ben, UserFactory(workspace=ben.workspace), UserFactory()  # ben, ada (teammate), stranger


def strip_row(client_for, viewer, user) -> dict:
    rows = client_for(viewer).get("/api/accounts/teammates/").json()
    return next(row for row in rows if row["user"] == user.pk)


def presence_of(client_for, viewer, user) -> tuple:
    row = strip_row(client_for, viewer, user)
    return row["status"], row["presence"], row["presence_since"]


def iso(instant: dt.datetime) -> str:
    return instant.isoformat().replace("+00:00", "Z")


def test_heartbeat_loss_makes_a_member_idle_then_not_present(people, clock, client_for, live_events):
    ben, ada, stranger = people
    services.status_change(user=ben, status="working")
    assert presence_of(client_for, ada, ben) == ("working", None, None)  # never seen: as before

    start = clock()
    with live_events.capture():
        assert activity.mark_active(user_id=ben.pk) is True
    groups, message = live_events.one(events.PRESENCE_CHANGED.name)
    assert [live_events.reaches(groups, person) for person in people] == [True, True, False]
    assert presence_of(client_for, ada, ben) == ("working", "active", iso(start))
    assert message["meta"]["teammate"]["presence"] == "active"

    live_events.sent.clear()
    clock.advance(minutes=5)
    activity.mark_active(user_id=ben.pk)  # still there: no transition, no event
    last = clock()
    clock.advance(minutes=9, seconds=59)  # quiet for less than the idle time (10 minutes)
    with live_events.capture():
        assert activity.sweep() == 0
    assert live_events.sent == []
    assert presence_of(client_for, ada, ben) == ("working", "active", iso(start))

    live_events.sent.clear()
    clock.advance(seconds=1)  # the heartbeats stopped 10 minutes ago: idle since the last activity
    with live_events.capture():
        assert activity.sweep() == 1
    groups, message = live_events.one(events.PRESENCE_CHANGED.name)
    assert [live_events.reaches(groups, person) for person in people] == [True, True, False]
    assert presence_of(client_for, ada, ben) == ("working", "idle", iso(last))
    assert selectors.last_activity(user_id=ben.pk) == last

    clock.advance(minutes=19, seconds=59)
    assert activity.sweep() == 0
    live_events.sent.clear()
    clock.advance(seconds=1)  # idle for 20 minutes more: away, 'last seen' at the last activity
    with live_events.capture():
        assert activity.sweep() == 1
    groups, message = live_events.one(events.PRESENCE_CHANGED.name)
    assert message["meta"]["teammate"]["presence"] == "away"
    assert presence_of(client_for, ada, ben) == ("working", "away", iso(last))
    clock.advance(hours=3)
    assert activity.sweep() == 0  # away stays away, nothing more is sent

    # a new tab: active again at once (the tab's first heartbeat is sent when it opens)
    back = clock()
    with live_events.capture():
        assert activity.mark_active(user_id=ben.pk) is True
    assert presence_of(client_for, ada, ben) == ("working", "active", iso(back))


def test_the_idle_time_is_the_workspaces(people, clock, client_for):
    ben, ada, _ = people
    ben.workspace.presence_idle_minutes = 30
    ben.workspace.save()
    activity.mark_active(user_id=ben.pk)
    clock.advance(minutes=29)
    assert activity.sweep() == 0
    clock.advance(minutes=1)
    assert activity.sweep() == 1
    assert strip_row(client_for, ada, ben)["presence"] == "idle"


def test_an_admin_changes_the_idle_time_in_the_workspace_settings(people, client_for):
    ben, _, _ = people
    User.objects.filter(pk=ben.pk).update(workspace_user_type="ADMIN")
    ben.refresh_from_db()
    client = client_for(ben)
    assert client.get("/api/workspace/settings/").json()["presence_idle_minutes"] == 10
    answer = client.patch("/api/workspace/settings/", {"presence_idle_minutes": 1}, format="json")
    assert answer.status_code == 400 and "presence_idle_minutes" in answer.json()
    answer = client.patch("/api/workspace/settings/", {"presence_idle_minutes": 15}, format="json")
    assert answer.status_code == 200 and answer.json()["presence_idle_minutes"] == 15
    ben.workspace.refresh_from_db()
    assert ben.workspace.presence_idle_minutes == 15


def test_a_member_active_again_before_the_sweep_writes_stays_active(people, clock):
    ben, _, _ = people
    activity.mark_active(user_id=ben.pk)
    clock.advance(minutes=11)
    quiet = User.objects.select_related("activity").get(pk=ben.pk)
    activity.mark_active(user_id=ben.pk)  # a heartbeat between the sweep's read and its write
    cutoff = clock() - dt.timedelta(minutes=10)
    assert activity._settle(quiet, was="active", state="idle", cutoff=cutoff) == 0
    assert User.objects.get(pk=ben.pk).presence_state == "active"


def test_an_invisible_member_shows_nothing_new(people, clock, client_for, live_events):
    ben, ada, stranger = people
    invisible.invisible_mode_set(user=ben, enabled=True)
    services.status_change(user=ben, status="working")
    with live_events.capture():
        activity.mark_active(user_id=ben.pk)
    groups, message = live_events.one(events.PRESENCE_CHANGED.name)
    assert [live_events.reaches(groups, person) for person in people] == [True, False, False]
    assert message["meta"]["teammate"]["presence"] == "active"  # their own row, as they see it
    assert presence_of(client_for, ada, ben) == ("out_of_office", None, None)
    clock.advance(minutes=10)
    live_events.sent.clear()
    with live_events.capture():
        activity.sweep()
    groups, _ = live_events.one(events.PRESENCE_CHANGED.name)
    assert [live_events.reaches(groups, person) for person in people] == [True, False, False]
    assert presence_of(client_for, ada, ben) == ("out_of_office", None, None)


def test_no_activity_no_presence(people):
    ben, _, _ = people
    assert selectors.last_activity(user_id=ben.pk) is None
    assert activity.sweep() == 0
