"""Syncing a calendar feed and an external tracker: what is stored, idempotence, failures."""

import datetime as dt

import pytest
from django.db import connection

from apps.accounts.models import User
from apps.accounts.tests.factories import UserFactory
from apps.integrations import fake_server
from apps.integrations.models import ExternalTimeEntry, SyncKind, SyncState
from apps.work.models import WorkShiftSchedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def ben(fake):
    return UserFactory(
        timezone="Europe/Berlin",
        external_calendar_config_json={"url": f"{fake}/calendar/weekly.ics"},
        external_tracker_config_json={
            "provider": "toggl",
            "api_token": fake_server.TOGGL_TOKEN,
            "base_url": f"{fake}/toggl",
        },
    )


def snapshot(user):
    return list(
        WorkShiftSchedule.objects.filter(user=user)
        .order_by("start_datetime")
        .values_list("id", "start_datetime", "end_datetime", "updated_at", "calendar_uid")
    )


def test_the_calendar_import_writes_sessions_and_twice_changes_nothing(ben, client_for, live_events):
    client = client_for(ben)
    body = {"start_date": "20261005", "end_date": "20261018"}
    with live_events.capture():
        first = client.post("/api/work/calendar_schedule/", body, format="json")
    assert first.status_code == 201, first.content
    assert [(r["start_datetime"], r["work_time_seconds"]) for r in first.json()] == [
        ("2026-10-05T07:00:00Z", 10800),
        ("2026-10-07T07:00:00Z", 10800),
        ("2026-10-12T11:00:00Z", 10800),
    ]
    assert live_events.one("calendar_entries_synced")[0] == [f"user-{ben.pk}"]
    before = snapshot(ben)
    live_events.sent.clear()
    with live_events.capture():
        again = client.post("/api/work/calendar_schedule/", body, format="json")
    assert again.status_code == 201
    assert snapshot(ben) == before  # same rows, not even touched
    assert live_events.named("calendar_entries_synced") == []
    state = SyncState.objects.get(user=ben, kind=SyncKind.CALENDAR)
    assert state.last_success_at is not None and not state.failed


def test_a_changed_feed_replaces_only_the_calendars_sessions(ben, client_for, fake):
    client = client_for(ben)
    by_hand = WorkShiftSchedule.objects.create(
        user=ben,
        start_datetime=dt.datetime(2026, 10, 23, 5, tzinfo=dt.UTC),
        end_datetime=dt.datetime(2026, 10, 23, 6, tzinfo=dt.UTC),
        work_time_seconds=3600,
    )
    body = {"start_date": "20261019", "end_date": "20261027"}
    client.post("/api/work/calendar_schedule/", body, format="json")
    assert WorkShiftSchedule.objects.filter(user=ben).count() == 3 + 1  # 19, 21 and 26 October + by hand
    User.objects.filter(pk=ben.pk).update(external_calendar_config_json={"url": f"{fake}/calendar/dst.ics"})
    ben.refresh_from_db()
    response = client.post("/api/work/calendar_schedule/", body, format="json")
    rows = response.json()
    # dst.ics: five days from 23 October; the 23rd's 07:00-15:00 UTC session does not overlap by_hand
    assert len(rows) == 1 + 5
    assert by_hand.pk in [r["id"] for r in rows]
    assert not WorkShiftSchedule.objects.filter(user=ben, schedule_notes="Focus block").exists()


@pytest.mark.parametrize(
    ("path", "error"),
    [
        ("broken.ics", "not a valid iCalendar"),
        ("missing.ics", "The calendar address answered 404."),
        ("big.ics", "larger than"),
    ],
)
def test_a_failed_import_is_recorded_and_shown_and_changes_nothing(ben, client_for, fake, path, error):
    client = client_for(ben)
    client.post(
        "/api/work/calendar_schedule/", {"start_date": "20261005", "end_date": "20261011"}, format="json"
    )
    before = snapshot(ben)
    User.objects.filter(pk=ben.pk).update(external_calendar_config_json={"url": f"{fake}/calendar/{path}"})
    response = client.post(
        "/api/work/calendar_schedule/", {"start_date": "20261005", "end_date": "20261011"}, format="json"
    )
    assert response.status_code == 502
    assert error in response.json()["detail"]
    assert snapshot(ben) == before
    shown = client.get("/api/work/next_calendar_schedule/", {"start_date": "2026-10-05"}).json()
    assert shown["calendar_import"]["failed"] is True
    assert error in shown["calendar_import"]["last_error"]
    assert shown["calendar_import"]["last_failure_at"] is not None


def test_calendar_import_needs_a_configuration_and_valid_dates(client_for):
    client = client_for(UserFactory())
    response = client.post("/api/work/calendar_schedule/", {"start_date": "20261005", "end_date": "20261011"})
    assert response.status_code == 400
    assert "calendar's address" in response.json()["detail"]
    for body in (
        {"start_date": "2026-10-05", "end_date": "20261011"},
        {"start_date": "20261305", "end_date": "20261311"},
    ):
        assert client.post("/api/work/calendar_schedule/", body, format="json").status_code == 400
    long = {"start_date": "20260101", "end_date": "20260401"}
    assert client.post("/api/work/calendar_schedule/", long, format="json").status_code == 400


def test_tracker_sync_copies_entries_and_twice_changes_nothing(ben, client_for, live_events):
    client = client_for(ben)
    body = {"from_date": "2026-11-02", "to_date": "2026-11-03", "notify_user": True}
    with live_events.capture():
        first = client.post("/api/work/sync_time_tracked_externally_records/", body, format="json")
    assert first.status_code == 200, first.content
    assert first.json() == {"provider": "toggl", "created": 4, "updated": 0, "deleted": 0, "total": 4}
    groups, message = live_events.one("time_entries_synced")
    assert groups == [f"user-{ben.pk}"]
    assert message["meta"] == {"from_date": "2026-11-02", "to_date": "2026-11-03"}
    stored = list(ExternalTimeEntry.objects.filter(user=ben).values_list("id", "updated_at"))
    live_events.sent.clear()
    with live_events.capture():
        again = client.post("/api/work/sync_time_tracked_externally_records/", body, format="json")
    assert again.json() == {"provider": "toggl", "created": 0, "updated": 0, "deleted": 0, "total": 4}
    assert list(ExternalTimeEntry.objects.filter(user=ben).values_list("id", "updated_at")) == stored
    assert live_events.named("time_entries_synced") == []


def test_tracker_failure_is_recorded_with_the_providers_reason(ben, client_for, fake):
    User.objects.filter(pk=ben.pk).update(
        external_tracker_config_json={
            "provider": "toggl",
            "api_token": "revoked",
            "base_url": f"{fake}/toggl",
        }
    )
    ben.refresh_from_db()
    response = client_for(ben).post(
        "/api/work/sync_time_tracked_externally_records/",
        {"from_date": "2026-11-02", "to_date": "2026-11-02"},
    )
    assert response.status_code == 502
    assert response.json()["detail"] == "The tracker answered 403: Incorrect username and/or password"
    state = SyncState.objects.get(user=ben, kind=SyncKind.TRACKER)
    assert state.failed and "Incorrect" in state.last_error
    settings_view = client_for(ben).get("/api/work/integrations/").json()
    assert settings_view["tracker"]["failed"] is True


def test_tracked_time_appears_in_the_summary_and_table_for_users_with_a_tracker(ben, client_for, clock):
    from apps.work.services import status as status_services

    clock.set(dt.datetime(2026, 11, 2, 6, 30, tzinfo=dt.UTC))
    status_services.status_change(user=ben, status="working")
    clock.set(dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC))
    status_services.leave_office(user=ben)
    client = client_for(ben)
    client.post(
        "/api/work/sync_time_tracked_externally_records/",
        {"from_date": "2026-11-02", "to_date": "2026-11-02"},
    )
    summary = client.get("/api/work/worktime_summary/", {"date": "2026-11-02"}).json()
    # 07:00-08:30 active, 09:00-09:45 manual, and the timer running since 10:00 (processing,
    # counted as tracked up to now: spec 01 §9)
    assert summary["tracked_time"] == 90 * 60 + 45 * 60 + 120 * 60
    table = client.get(
        "/api/work/worktime_table/", {"from_date": "2026-11-02", "to_date": "2026-11-02", "user_ids": ben.pk}
    ).json()
    row = table["rows"][0]
    assert row["tracked"] == {
        "total_seconds": 15300,
        "total_seconds_manually": 2700,
        "added_manually": True,
        "tracked_level_percentage": 77,  # 15300 of 19800 s in the office
    }
    assert row["shifts"][0]["tracked"]["total_seconds"] == 15300
    entries = client.get("/api/work/time_tracked_externally/", {"from_date": "2026-11-02"}).json()
    assert [e["type_enum"] for e in entries] == ["active", "manual", "processing"]


def test_without_a_tracker_no_tracked_time_is_counted(client_for, clock):
    plain = UserFactory()
    summary = client_for(plain).get("/api/work/worktime_summary/").json()
    assert summary["tracked_time"] == 0


def test_credentials_are_stored_encrypted_and_shown_only_to_the_owner(ben, client_for):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT CAST(external_tracker_config_json AS TEXT), CAST(external_calendar_config_json AS TEXT)"
            " FROM accounts_user WHERE id = %s",
            [ben.pk],
        )
        tracker, calendar = cursor.fetchone()
    assert fake_server.TOGGL_TOKEN not in tracker and '"enc"' in tracker
    assert "weekly.ics" not in calendar
    # Write-only, even for the owner: the last 4 characters.
    shown = client_for(ben).get("/api/accounts/me/").json()["external_tracker_config_json"]["api_token"]
    assert shown == "••••••••" + fake_server.TOGGL_TOKEN[-4:]
    teammate = UserFactory(workspace=ben.workspace)
    other_view = client_for(teammate).get(f"/api/accounts/get_user_details/{ben.pk}/").json()
    assert other_view["external_tracker_config_json"] is None


def test_reads_have_a_fixed_number_of_queries(ben, client_for, django_assert_num_queries):
    from django.test.utils import CaptureQueriesContext

    client = client_for(ben)
    table = {"from_date": "2026-11-02", "to_date": "2026-11-09", "user_ids": ben.pk}

    def table_queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/api/work/worktime_table/", table).status_code == 200
        return len(captured)

    def add(n, day):
        for i in range(n):
            start = dt.datetime(2026, 11, day, 8, i, tzinfo=dt.UTC)
            ExternalTimeEntry.objects.create(
                user=ben,
                provider="toggl",
                external_id=f"{day}-{i}",
                start_datetime=start,
                end_datetime=start + dt.timedelta(seconds=30),
                type_enum="active",
            )

    add(2, 2)
    before = table_queries()
    query = {"from_date": "2026-11-02", "to_date": "2026-11-09"}
    with django_assert_num_queries(2):  # the token, the entries
        assert len(client.get("/api/work/time_tracked_externally/", query).json()) == 2
    add(20, 3)
    with django_assert_num_queries(2):
        assert len(client.get("/api/work/time_tracked_externally/", query).json()) == 22
    assert table_queries() == before  # the table's tracked time: one query for every entry


def test_the_owner_reads_secrets_masked_and_saves_and_tests_the_form_as_shown(ben, client_for):
    client = client_for(ben)
    shown = client.get("/api/work/integrations/").json()
    tracker, calendar = shown["external_tracker_config_json"], shown["external_calendar_config_json"]
    assert tracker["api_token"] == "••••••••" + fake_server.TOGGL_TOKEN[-4:]
    assert calendar == {"url": "••••••••.ics"}
    assert fake_server.TOGGL_TOKEN not in str(shown) and "weekly" not in str(shown)
    tested = client.post("/api/work/integrations/test_connection/", {"kind": "tracker", "config": tracker})
    assert tested.status_code == 200 and tested.json()["ok"] is True
    saved = client.patch(
        "/api/work/integrations/",
        {"external_tracker_config_json": tracker, "external_calendar_config_json": calendar},
    )
    assert saved.status_code == 200, saved.content
    ben.refresh_from_db()
    assert ben.external_tracker_config_json["api_token"] == fake_server.TOGGL_TOKEN
    assert ben.external_calendar_config_json["url"].endswith("/calendar/weekly.ics")
    replaced = client.patch(
        "/api/work/integrations/",
        {"external_tracker_config_json": {**tracker, "api_token": "new-token-9876"}},
    )
    assert replaced.json()["external_tracker_config_json"]["api_token"] == "••••••••9876"
    guessed = client.patch(
        "/api/work/integrations/", {"external_tracker_config_json": {**tracker, "api_token": "••••••••0000"}}
    )
    assert guessed.status_code == 400
