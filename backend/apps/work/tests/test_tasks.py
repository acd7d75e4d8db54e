"""The midnight job: forgotten shifts are closed at local midnight without waiting for the user."""

import datetime as dt

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.core.locks import job_lock
from apps.work.models import StatusRecord, WorkShift
from apps.work.services import status as status_services
from apps.work.tasks import close_forgotten_shifts

pytestmark = pytest.mark.django_db


def test_the_job_closes_a_forgotten_shift_at_local_midnight(clock, live_events):
    tokyo = UserFactory(timezone="Asia/Tokyo")
    berlin = UserFactory(timezone="Europe/Berlin")
    # 07:00 in Tokyo: 17 hours at midnight, so forgotten rather than worked through (16 h rule)
    clock.set(dt.datetime(2026, 3, 8, 22, 0, tzinfo=dt.UTC))
    status_services.status_change(user=tokyo, status="working")
    clock.set(dt.datetime(2026, 3, 9, 9, 0, tzinfo=dt.UTC))  # 10:00 in Berlin
    status_services.status_change(user=berlin, status="working")
    clock.set(dt.datetime(2026, 3, 9, 15, 1, tzinfo=dt.UTC))  # 00:01 in Tokyo, 16:01 in Berlin
    with live_events.capture():
        assert close_forgotten_shifts.apply().get() == 1
    shift = WorkShift.objects.get(work_day__user=tokyo)
    assert shift.end_datetime == dt.datetime(2026, 3, 9, 15, 0, tzinfo=dt.UTC)  # Tokyo's midnight
    assert not StatusRecord.objects.filter(user=tokyo, end_datetime__isnull=True).exists()
    assert StatusRecord.objects.filter(user=berlin, end_datetime__isnull=True).exists()
    assert live_events.one("user_left_office")[1]["email"] == tokyo.email
    assert close_forgotten_shifts.apply().get() == 0  # nothing left: running again changes nothing


def test_the_job_does_not_run_twice_at_once(clock):
    with job_lock("close-forgotten-shifts") as held:
        assert held
        assert close_forgotten_shifts.apply().get() == 0
