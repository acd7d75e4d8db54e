import datetime as dt

import pytest
from django.utils import timezone

from apps.work.models import StatusRecord, WorkDay, WorkShift

pytestmark = pytest.mark.django_db

CREATE_URL = "/api/work/create_log_user_status/"


def enter(client, status="working"):
    return client.post(CREATE_URL, {"status_enum_identifier": status})


def test_entering_the_office_creates_status_work_day_and_shift(
    auth_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = enter(auth_client)
    assert response.status_code == 201
    body = response.json()
    assert body["status_enum_identifier"] == "working"
    assert body["end_datetime"] is None
    day = WorkDay.objects.get(user=auth_client.user)
    assert day.work_date == timezone.now().date()
    assert WorkShift.objects.filter(work_day=day, end_datetime__isnull=True).count() == 1
    current = auth_client.get("/api/work/current_user_status/").json()
    assert current["id"] == body["id"]


def test_switching_to_a_break_closes_the_working_record(auth_client):
    first = enter(auth_client).json()
    second = enter(auth_client, "taking_break").json()
    records = list(StatusRecord.objects.filter(user=auth_client.user).order_by("start_datetime"))
    assert [r.status_enum_identifier for r in records] == ["working", "taking_break"]
    assert records[0].id == first["id"] and records[0].end_datetime == records[1].start_datetime
    assert records[1].id == second["id"] and records[1].end_datetime is None
    assert records[0].work_shift_id == records[1].work_shift_id
    assert WorkDay.objects.filter(user=auth_client.user).count() == 1


def test_repeating_the_same_status_does_not_split_the_record(auth_client):
    first = enter(auth_client).json()
    again = enter(auth_client).json()
    assert again["id"] == first["id"]
    assert StatusRecord.objects.filter(user=auth_client.user).count() == 1


def test_out_of_office_is_not_a_status_to_create(auth_client):
    response = enter(auth_client, "out_of_office")
    assert response.status_code == 400
    assert "status_enum_identifier" in response.json()
    assert not StatusRecord.objects.exists()


def test_leave_office_closes_record_and_shift(auth_client):
    enter(auth_client)
    response = auth_client.post("/api/work/leave_office/")
    assert response.status_code == 200
    assert response.json()["status_enum_identifier"] == "out_of_office"
    assert not StatusRecord.objects.filter(end_datetime__isnull=True).exists()
    shift = WorkShift.objects.get()
    assert shift.end_datetime is not None
    assert (
        auth_client.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "out_of_office"
    )
    # leaving twice is harmless
    assert auth_client.post("/api/work/leave_office/").status_code == 200


def test_a_status_that_started_on_an_earlier_day_is_not_current(auth_client):
    enter(auth_client)
    long_ago = timezone.now() - dt.timedelta(days=2, hours=1)
    StatusRecord.objects.update(start_datetime=long_ago)
    WorkShift.objects.update(start_datetime=long_ago)
    body = auth_client.get("/api/work/current_user_status/").json()
    assert body == {
        "id": None,
        "status_enum_identifier": "out_of_office",
        "start_datetime": None,
        "end_datetime": None,
        "deleted_yn": False,
    }


def test_work_status_types_are_pairs(auth_client):
    response = auth_client.get("/api/work/choices/work_status_types/")
    assert response.status_code == 200
    assert {"id": "out_of_office", "title": "Out of Office"} in response.json()
    assert [p["id"] for p in response.json()] == ["working", "taking_break", "out_of_office"]


def test_status_calls_need_a_token(api_client):
    assert api_client.get("/api/work/current_user_status/").status_code == 401
    assert api_client.post(CREATE_URL, {"status_enum_identifier": "working"}).status_code == 401


def test_reading_the_current_status_takes_no_lock_when_nothing_needs_settling(auth_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if not connection.features.has_select_for_update:
        pytest.skip("row locks exist on PostgreSQL only")
    enter(auth_client)
    with CaptureQueriesContext(connection) as queries:
        assert auth_client.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "working"
    assert not [q["sql"] for q in queries if "FOR UPDATE" in q["sql"]]
