import datetime as dt
import json

import pytest

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.work.models import WorkDay
from apps.work.serializers import BAD_NOTE_LINK
from apps.work.services import status as services
from apps.work.services.days import DATE_OF_DAY_WITH_SHIFTS, ONLY_OWN_WORK_DAY, WORK_DAY_EXISTS

pytestmark = pytest.mark.django_db

URL = "/api/work/work_day/"
UTC = dt.UTC


def at(d, h, mi=0):
    return dt.datetime(2026, 3, d, h, mi, tzinfo=UTC)


def shift(user, day, *, hours=8, start_hour=9):
    start = at(day, start_hour)
    middle = start + dt.timedelta(hours=hours - 1)
    return services.record_shift(
        user=user,
        segments=[("working", start, middle), ("taking_break", middle, middle + dt.timedelta(hours=1))],
    )


def test_lookup_by_user_and_date_gives_exactly_one_day(auth_client):
    me = auth_client.user
    for day in (1, 2, 3):
        shift(me, day)
    body = auth_client.get(URL, {"user": me.pk, "work_date": "2026-03-02"}).json()
    assert len(body) == 1
    assert body[0]["work_date"] == "2026-03-02" and body[0]["work_time_seconds"] == 7 * 3600
    assert set(body[0]) == {
        "id",
        "user",
        "work_date",
        "checkout_notes",
        "start_datetime",
        "end_datetime",
        "work_time_seconds",
        "schedule_notes",
    }
    assert [d["work_date"] for d in auth_client.get(URL).json()] == ["2026-03-03", "2026-03-02", "2026-03-01"]


def test_bad_filter_date_is_400(auth_client):
    assert auth_client.get(URL, {"work_date": "yesterday"}).status_code == 400


def test_other_workspaces_and_unobserved_teammates_stay_hidden(auth_client):
    me = auth_client.user
    stranger, teammate = UserFactory(), UserFactory(workspace=me.workspace)
    shift(stranger, 1)
    shift(teammate, 1)
    assert auth_client.get(URL, {"user": stranger.pk}).json() == []
    assert auth_client.get(URL, {"user": teammate.pk}).json() == []
    Observation.objects.create(observer=me, observed_user=teammate)
    assert len(auth_client.get(URL, {"user": teammate.pk}).json()) == 1
    stranger_day = WorkDay.objects.get(user=stranger)
    assert auth_client.get(f"{URL}{stranger_day.pk}/").status_code == 404
    assert auth_client.get(f"{URL}{stranger_day.pk}/workshifts_summary/").status_code == 404


def test_create_a_work_day_for_oneself(auth_client):
    response = auth_client.post(
        URL, {"user": auth_client.user.pk, "work_date": "2026-03-05", "with_checkout": True}
    )
    assert response.status_code == 201
    assert response.json()["checkout_notes"] == "" and response.json()["work_date"] == "2026-03-05"
    again = auth_client.post(URL, {"work_date": "2026-03-05"})
    assert again.status_code == 400 and again.json() == {"work_date": [WORK_DAY_EXISTS]}
    other = auth_client.post(
        URL, {"user": UserFactory(workspace=auth_client.user.workspace).pk, "work_date": "2026-03-05"}
    )
    assert other.status_code == 403
    assert auth_client.post(URL, {"work_date": "03/05/2026"}).status_code == 400


def test_patch_own_notes_and_refuse_others(auth_client, client_for, clock):
    clock.set(at(1, 20))  # the day is today: only the current day's note is written (issue 12)
    me = auth_client.user
    day = shift(me, 1).work_day
    response = auth_client.patch(
        f"{URL}{day.pk}/", {"checkout_notes": '{"blocks":[]}', "work_date": "2026-03-01", "user": me.pk}
    )
    assert response.status_code == 200 and response.json()["checkout_notes"] == '{"blocks":[]}'
    handed_over = auth_client.patch(f"{URL}{day.pk}/", {"user": UserFactory(workspace=me.workspace).pk})
    assert handed_over.status_code == 403
    moved = auth_client.patch(f"{URL}{day.pk}/", {"work_date": "2026-03-04"})
    assert moved.status_code == 400 and moved.json() == {"work_date": [DATE_OF_DAY_WITH_SHIFTS]}

    admin = UserFactory(workspace=me.workspace, workspace_role="ADMIN")
    denied = client_for(admin).patch(f"{URL}{day.pk}/", {"checkout_notes": "x"})
    assert denied.status_code == 403 and denied.json() == {"detail": ONLY_OWN_WORK_DAY}
    member = UserFactory(workspace=me.workspace)
    assert client_for(member).patch(f"{URL}{day.pk}/", {"checkout_notes": "x"}).status_code == 404
    assert client_for(UserFactory()).patch(f"{URL}{day.pk}/", {"checkout_notes": "x"}).status_code == 404
    assert WorkDay.objects.get(pk=day.pk).checkout_notes == '{"blocks":[]}'


def _note_with_link(url: str) -> str:
    return json.dumps(
        {
            "blocks": [{"text": "see", "entityRanges": [{"offset": 0, "length": 3, "key": 0}]}],
            "entityMap": {"0": {"type": "LINK", "mutability": "MUTABLE", "data": {"url": url}}},
        }
    )


@pytest.mark.parametrize(
    "url",
    ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>x</script>", "vbscript:x", "x"],
)
def test_a_note_link_other_than_http_https_or_mailto_is_refused(auth_client, clock, url):
    clock.set(at(1, 20))
    day = shift(auth_client.user, 1).work_day
    answer = auth_client.patch(f"{URL}{day.pk}/", {"checkout_notes": _note_with_link(url)})
    assert answer.status_code == 400 and answer.json() == {"checkout_notes": [BAD_NOTE_LINK]}
    assert WorkDay.objects.get(pk=day.pk).checkout_notes != _note_with_link(url)


@pytest.mark.parametrize("url", ["https://example.com/a", "http://example.com", "mailto:ada@example.com"])
def test_a_note_link_to_http_https_or_mailto_is_kept(auth_client, clock, url):
    clock.set(at(1, 20))
    day = shift(auth_client.user, 1).work_day
    answer = auth_client.patch(f"{URL}{day.pk}/", {"checkout_notes": _note_with_link(url)})
    assert answer.status_code == 200 and answer.json()["checkout_notes"] == _note_with_link(url)


def test_workshifts_summary_has_every_derived_field(auth_client):
    day = shift(auth_client.user, 1).work_day
    shift(auth_client.user, 1, hours=2, start_hour=19)
    body = auth_client.get(f"{URL}{day.pk}/workshifts_summary/").json()
    assert [(s["work_time"], s["break_time"], s["inactive_time"], s["level"]) for s in body] == [
        (7 * 3600, 3600, 7 * 3600, 0),
        (3600, 3600, 3600, 0),
    ]
    assert {
        "active_time",
        "manual_time",
        "processing_time",
        "manual_work_shift_yn",
        "work_shift_notes",
    } <= set(body[0])


def test_worktime_summary_clips_a_night_shift_to_the_date(auth_client):
    me = auth_client.user
    services.record_shift(
        user=me, segments=[("working", at(1, 22), at(2, 2)), ("taking_break", at(2, 2), at(2, 3))]
    )
    first = auth_client.get("/api/work/worktime_summary/", {"date": "2026-03-01"}).json()
    second = auth_client.get("/api/work/worktime_summary/", {"date": "2026-03-02"}).json()
    assert (first["work_time"], first["break_time"]) == (2 * 3600, 0)
    assert (second["work_time"], second["break_time"]) == (2 * 3600, 3600)
    assert second == {
        "date": "2026-03-02",
        "work_time": 7200,
        "break_time": 3600,
        "active_time": 0,
        "manual_time": 0,
        "processing_time": 0,
        "tasks_allocated_time": 0,
        "tracked_time": 0,
    }
    assert auth_client.get("/api/work/worktime_summary/", {"date": "2026-13-01"}).status_code == 400


def test_status_history_by_range_and_shift(auth_client):
    me = auth_client.user
    first = shift(me, 1)
    shift(me, 2)
    body = auth_client.get(
        "/api/work/status_history/", {"from_date": "2026-03-01", "to_date": "2026-03-02"}
    ).json()
    assert [e["status_enum_identifier"] for e in body] == ["working", "taking_break"] * 2
    assert set(body[0]) == {
        "id",
        "start_datetime",
        "end_datetime",
        "status_enum_identifier",
        "user",
        "work_shift",
    }
    one = auth_client.get(
        "/api/work/status_history/",
        {"from_date": "2026-03-01", "to_date": "2026-03-02", "work_shift": first.pk},
    ).json()
    assert {e["work_shift"] for e in one} == {first.pk}
    bad = auth_client.get("/api/work/status_history/", {"from_date": "2026-03-05", "to_date": "2026-03-01"})
    assert bad.status_code == 400
    assert auth_client.get("/api/work/status_history/", {"from_date": "x"}).status_code == 400
    assert auth_client.get("/api/work/status_history/", {"work_shift": "x"}).status_code == 400


def test_latest_workday(auth_client):
    assert auth_client.get("/api/work/latest_workday/").status_code == 404
    shift(auth_client.user, 1)
    shift(auth_client.user, 3)
    assert auth_client.get("/api/work/latest_workday/").json()["work_date"] == "2026-03-03"
    assert auth_client.get("/api/work/latest_workday/", {"user": UserFactory().pk}).status_code == 404


def test_current_status_duration(auth_client, clock):
    body = auth_client.get("/api/work/current_status_duration/").json()
    assert body == {"status_id": "out_of_office", "status_record_id": None, "duration": 0}
    record = services.status_change(user=auth_client.user, status="taking_break")
    clock.advance(minutes=7)
    body = auth_client.get("/api/work/current_status_duration/").json()
    assert body == {"status_id": "taking_break", "status_record_id": record.pk, "duration": 420}


def test_work_day_list_has_a_fixed_number_of_queries(auth_client, django_assert_num_queries):
    me = auth_client.user
    for day in (1, 2):
        shift(me, day)
    with django_assert_num_queries(2):  # work days (and the token)
        assert len(auth_client.get(URL).json()) == 2
    for day in range(3, 11):
        shift(me, day)
    with django_assert_num_queries(2):
        assert len(auth_client.get(URL).json()) == 10


def test_status_history_and_shift_summary_have_a_fixed_number_of_queries(
    auth_client, django_assert_num_queries
):
    me = auth_client.user
    day = shift(me, 1).work_day
    params = {"from_date": "2026-03-01", "to_date": "2026-03-20"}
    with django_assert_num_queries(2):
        assert len(auth_client.get("/api/work/status_history/", params).json()) == 2
    with django_assert_num_queries(4):  # day, shifts, records (and the token)
        assert len(auth_client.get(f"{URL}{day.pk}/workshifts_summary/").json()) == 1
    for hour in range(10, 14):
        services.record_shift(user=me, segments=[("working", at(1, hour * 1 + 8, 30), at(1, hour + 8, 45))])
    for day_number in range(2, 6):
        shift(me, day_number)
    with django_assert_num_queries(2):
        assert len(auth_client.get("/api/work/status_history/", params).json()) == 14
    with django_assert_num_queries(4):
        assert len(auth_client.get(f"{URL}{day.pk}/workshifts_summary/").json()) == 5
