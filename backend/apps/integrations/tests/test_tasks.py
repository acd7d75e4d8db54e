"""The background jobs: in-process (the embedded default's eager mode) and on a real Celery
worker with the Redis broker (REDIS_URL, as `make test` runs them)."""

import pytest
from django.conf import settings
from django.db import close_old_connections

from apps.accounts.tests.factories import UserFactory
from apps.core.locks import job_lock
from apps.integrations import fake_server, services, tasks
from apps.integrations.models import ExternalTimeEntry, SyncState
from apps.work.models import WorkShiftSchedule


@pytest.fixture
def ben(fake, db):
    return UserFactory(
        timezone="Europe/Berlin",
        external_calendar_config_json={"url": f"{fake}/calendar/daily.ics"},
        external_tracker_config_json={
            "provider": "clockify",
            "api_key": fake_server.CLOCKIFY_KEY,
            "base_url": f"{fake}/clockify",
        },
    )


def test_the_per_user_jobs_sync_in_process(ben):
    assert tasks.sync_calendar_for_user.apply(args=[ben.pk]).get() == "ok"
    assert WorkShiftSchedule.objects.filter(user=ben).count() == 2 * 15  # two sessions a day, 15 days
    assert tasks.sync_tracker_for_user.apply(args=[ben.pk]).get() == "ok"
    assert ExternalTimeEntry.objects.filter(user=ben).count() >= 7  # one finished entry a day, 7 days


def test_a_refusal_is_recorded_not_retried_and_a_network_failure_is_retried(ben, fake, monkeypatch):
    ben.external_calendar_config_json = {"url": f"{fake}/calendar/broken.ics"}
    ben.save()
    assert tasks.sync_calendar_for_user.apply(args=[ben.pk]).get() == "failed"
    assert SyncState.objects.get(user=ben, kind="calendar").failed
    calls = []

    def unreachable(**kwargs):
        calls.append(1)
        raise services.SyncFailed("The server could not be reached.", transient=True)

    monkeypatch.setattr(services, "sync_calendar", unreachable)
    monkeypatch.setattr(tasks.sync_calendar_for_user, "retry_backoff", False)
    monkeypatch.setattr(tasks.sync_calendar_for_user, "default_retry_delay", 0)
    result = tasks.sync_calendar_for_user.apply(args=[ben.pk])
    assert result.failed()
    assert len(calls) == 1 + tasks.RETRY["max_retries"]


def test_a_sync_already_running_for_the_user_is_not_run_twice(ben):
    with job_lock(f"calendar:{ben.pk}"):
        assert tasks.sync_calendar_for_user.apply(args=[ben.pk]).get() == "busy"
    assert not WorkShiftSchedule.objects.filter(user=ben).exists()


@pytest.fixture
def redis_worker():
    """A real Celery worker thread on the Redis broker of the test run."""
    if not settings.CELERY_BROKER_URL:
        pytest.skip("needs REDIS_URL (make test runs against Redis)")
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.loader.import_default_modules()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=20):
        yield app
    close_old_connections()


@pytest.mark.django_db(transaction=True)
def test_the_jobs_run_on_a_worker_through_redis(ben, redis_worker):
    assert redis_worker.conf.task_always_eager is False
    assert redis_worker.conf.broker_url.startswith("redis://")
    assert tasks.sync_all_calendars.delay().get(timeout=30) == 1  # fans out sync_calendar_for_user
    calendar = tasks.sync_calendar_for_user.delay(ben.pk).get(timeout=30)
    assert calendar in ("ok", "busy")  # the fanned-out run may still hold the lock
    assert tasks.sync_tracker_for_user.delay(ben.pk).get(timeout=30) == "ok"
    assert WorkShiftSchedule.objects.filter(user=ben).count() == 2 * 15
    assert ExternalTimeEntry.objects.filter(user=ben).exists()
