import pytest

from apps.accounts.tests.factories import UserFactory
from apps.work.models import WorkShiftSchedule
from apps.work.services.schedules import SCHEDULE_ORDER, SCHEDULE_OVERLAP

pytestmark = pytest.mark.django_db

URL = "/api/work/workshiftschedule/"


def session(client, start, end, notes=""):
    return client.post(URL, {"start_datetime": start, "end_datetime": end, "schedule_notes": notes})


def test_create_list_update_and_delete_own_schedule(auth_client):
    created = session(auth_client, "2026-03-11T09:00:00Z", "2026-03-11T12:30:00Z", "planning")
    assert created.status_code == 201
    body = created.json()
    assert body["work_time_seconds"] == 3.5 * 3600 and body["user"] == auth_client.user.pk
    assert set(body) == {
        "id",
        "user",
        "start_datetime",
        "end_datetime",
        "work_time_seconds",
        "schedule_notes",
        "last_updated_at",
    }
    listed = auth_client.get(URL, {"from_date": "2026-03-11", "to_date": "2026-03-11"}).json()
    assert [s["id"] for s in listed] == [body["id"]]
    patched = auth_client.patch(f"{URL}{body['id']}/", {"end_datetime": "2026-03-11T13:00:00Z"})
    assert patched.status_code == 200 and patched.json()["work_time_seconds"] == 4 * 3600
    assert auth_client.delete(f"{URL}{body['id']}/").status_code == 204
    assert not WorkShiftSchedule.objects.exists()


def test_schedule_rules(auth_client):
    bad = session(auth_client, "2026-03-11T12:00:00Z", "2026-03-11T09:00:00Z")
    assert bad.status_code == 400 and bad.json() == {"end_datetime": [SCHEDULE_ORDER]}
    session(auth_client, "2026-03-11T09:00:00Z", "2026-03-11T12:00:00Z")
    clash = session(auth_client, "2026-03-11T11:00:00Z", "2026-03-11T14:00:00Z")
    assert clash.status_code == 400 and clash.json() == {"start_datetime": [SCHEDULE_OVERLAP]}
    assert session(auth_client, "2026-03-11T12:00:00Z", "2026-03-11T14:00:00Z").status_code == 201
    assert auth_client.post(URL, {"start_datetime": "soon"}).status_code == 400
    assert auth_client.post(URL, {}).status_code == 400
    assert auth_client.get(URL, {"from_date": "2026-01-01", "to_date": "2026-12-31"}).status_code == 400


def test_others_schedules_are_read_only_or_hidden(auth_client, client_for):
    me = auth_client.user
    schedule_id = session(auth_client, "2026-03-11T09:00:00Z", "2026-03-11T12:00:00Z").json()["id"]
    admin = client_for(UserFactory(workspace=me.workspace, workspace_role="ADMIN"))
    assert len(admin.get(URL, {"user": me.pk, "from_date": "2026-03-11"}).json()) == 1
    assert admin.patch(f"{URL}{schedule_id}/", {"schedule_notes": "x"}).status_code == 403
    stranger = client_for(UserFactory())
    assert stranger.get(URL, {"user": me.pk}).status_code == 404
    assert stranger.delete(f"{URL}{schedule_id}/").status_code == 404
    assert WorkShiftSchedule.objects.count() == 1


def test_next_calendar_schedule_finds_the_next_day_with_sessions(auth_client):
    auth_client.user.timezone = "America/Toronto"
    auth_client.user.save()
    empty = auth_client.get("/api/work/next_calendar_schedule/", {"start_date": "2026-03-10"}).json()
    assert empty["next_workday_date"] is None and empty["next_workday_sessions"] == []
    session(auth_client, "2026-03-10T14:00:00Z", "2026-03-10T18:00:00Z")  # today
    session(auth_client, "2026-03-13T13:00:00Z", "2026-03-13T16:00:00Z")  # Friday 09:00 local
    session(auth_client, "2026-03-14T02:00:00Z", "2026-03-14T03:00:00Z")  # Friday 22:00 local
    session(auth_client, "2026-03-16T13:00:00Z", "2026-03-16T16:00:00Z")
    body = auth_client.get("/api/work/next_calendar_schedule/", {"start_date": "2026-03-10"}).json()
    assert body["today_date"] == "2026-03-10" and len(body["today_sessions"]) == 1
    assert body["next_workday_date"] == "2026-03-13"
    assert body["next_workday_work_time"] == 4 * 3600
    assert [s["start_datetime"] for s in body["next_workday_sessions"]] == [
        "2026-03-13T13:00:00Z",
        "2026-03-14T02:00:00Z",
    ]
    assert body["last_updated"] is not None
    compact = auth_client.get(
        "/api/work/next_calendar_schedule/", {"start_date": "20260310"}
    )  # calendar style
    assert compact.json()["next_workday_date"] == "2026-03-13"
    assert (
        auth_client.get("/api/work/next_calendar_schedule/", {"start_date": "2026-3-10"}).status_code == 400
    )


def test_schedule_list_has_a_fixed_number_of_queries(auth_client, django_assert_num_queries):
    def add(days):
        for day in days:
            session(auth_client, f"2026-03-{day:02d}T09:00:00Z", f"2026-03-{day:02d}T17:00:00Z")

    params = {"from_date": "2026-03-01", "to_date": "2026-03-31"}
    add(range(1, 3))
    with django_assert_num_queries(2):  # and the token
        assert len(auth_client.get(URL, params).json()) == 2
    add(range(3, 11))
    with django_assert_num_queries(2):  # and the token
        assert len(auth_client.get(URL, params).json()) == 10
