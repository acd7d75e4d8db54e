"""The private iCalendar feed: valid RFC 5545 (read back with the import's parser), only the
member's own shifts and schedules, and dead once rotated or revoked."""

import datetime as dt

import icalendar
import pytest
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory
from apps.integrations import ics
from apps.work.models import WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

SETTINGS = "/api/work/calendar/subscription/"


def utc(m, d, h):
    return dt.datetime(2026, m, d, h, tzinfo=dt.UTC)


def _path(url: str) -> str:
    return url.split("testserver", 1)[1]


def test_feed_is_valid_icalendar_of_own_shifts_and_schedules(auth_client, clock):
    clock.set(utc(3, 12, 12))
    user = auth_client.user
    status_services.record_shift(user=user, segments=[("working", utc(3, 10, 9), utc(3, 10, 17))])
    WorkShiftSchedule.objects.create(user=user, start_datetime=utc(3, 13, 9), end_datetime=utc(3, 13, 12))
    other = UserFactory(workspace=user.workspace)
    status_services.record_shift(user=other, segments=[("working", utc(3, 10, 9), utc(3, 10, 10))])
    assert auth_client.get(SETTINGS).json() == {"url": None}
    created = auth_client.post(SETTINGS)
    assert created.status_code == 201
    url = created.json()["url"]
    assert auth_client.get(SETTINGS).json() == {"url": url}
    answer = APIClient().get(_path(url))  # no sign-in: the token is the credential
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(answer.content)
    events = sorted(calendar.walk("VEVENT"), key=lambda e: e.decoded("dtstart"))
    assert [(e.decoded("dtstart"), e.decoded("dtend"), str(e["summary"])) for e in events] == [
        (utc(3, 10, 9), utc(3, 10, 17), "Work shift"),
        (utc(3, 13, 9), utc(3, 13, 12), "Planned work"),
    ]
    assert all(e.get("uid") and e.get("dtstamp") for e in events)  # RFC 5545 3.6.1 requires both
    # The import reads it back as sessions, as a calendar app would.
    sessions = ics.parse(answer.content, lo=utc(3, 1, 0), hi=utc(4, 1, 0), tz_name="UTC")
    assert [(s.start, s.end) for s in sessions] == [
        (utc(3, 10, 9), utc(3, 10, 17)),
        (utc(3, 13, 9), utc(3, 13, 12)),
    ]


def test_rotating_or_revoking_stops_the_old_address(auth_client):
    old = _path(auth_client.post(SETTINGS).json()["url"])
    assert APIClient().get(old).status_code == 200
    new = _path(auth_client.post(SETTINGS).json()["url"])
    assert new != old
    assert APIClient().get(old).status_code == 404
    assert APIClient().get(new).status_code == 200
    assert auth_client.delete(SETTINGS).status_code == 204
    assert APIClient().get(new).status_code == 404
    assert auth_client.get(SETTINGS).json() == {"url": None}


@pytest.mark.parametrize("token", ["made-up", "eyJ1Ijo1fQ:abc", "1:2:3"])
def test_forged_tokens_are_404(token):
    assert APIClient().get(f"/api/work/calendar/feed/{token}.ics").status_code == 404
