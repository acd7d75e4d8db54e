"""Shift editing through the API (spec 01 §4, §5, §7, §8): manual shifts, Add Work / Add Break,
notes, deletion, the change log of every edit, and who may do what."""

import datetime as dt

import pytest

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.work.models import ChangeLog, StatusRecord, WorkDay, WorkShift
from apps.work.services import shifts as rules
from apps.work.services import status as status_services
from apps.work.services.status import OVERLAP

pytestmark = pytest.mark.django_db

MOD = "/api/work/workshift/shift_modification/"
LOG = "/api/work/change_log/"
UTC = dt.UTC


def at(d, h, mi=0, s=0):
    return dt.datetime(2026, 3, d, h, mi, s, tzinfo=UTC)


def iso(instant):
    return instant.isoformat().replace("+00:00", "Z")


def add(client, start, end, status_list=(), **extra):
    body = {"work_shift": {"start_datetime": iso(start), "end_datetime": iso(end), **extra}}
    if status_list:
        body["status_list"] = [
            {"status_enum_identifier": s, "start_datetime": iso(a), "end_datetime": iso(b)}
            for s, a, b in status_list
        ]
    return client.post(MOD, body, format="json")


def records(shift_id):
    return list(
        StatusRecord.objects.filter(work_shift_id=shift_id)
        .order_by("start_datetime")
        .values_list("status_enum_identifier", "start_datetime", "end_datetime")
    )


@pytest.fixture
def me(auth_client, clock):
    clock.set(at(10, 18))
    return auth_client


def test_a_manual_shift_with_a_break_is_recorded_with_its_log(me):
    response = add(
        me, at(9, 9), at(9, 17), [("taking_break", at(9, 12), at(9, 13))], work_shift_notes="Offsite"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["manual_work_shift_yn"] and body["work_shift_notes"] == "Offsite"
    assert (body["work_time"], body["break_time"], body["manual_time"], body["level"]) == (
        7 * 3600,
        3600,
        7 * 3600,
        100,
    )
    assert records(body["id"]) == [
        ("working", at(9, 9), at(9, 12)),
        ("taking_break", at(9, 12), at(9, 13)),
        ("working", at(9, 13), at(9, 17)),
    ]
    day = WorkDay.objects.get(user=me.user, work_date=dt.date(2026, 3, 9))
    assert day.work_time_seconds == 7 * 3600
    (entry,) = ChangeLog.objects.all()
    assert (entry.changed_value_type_enum, entry.content_type, entry.object_id) == (
        "shift_added",
        "work_shift",
        body["id"],
    )
    assert entry.modified_user == me.user and entry.work_date == dt.date(2026, 3, 9)
    assert entry.new_value["work_time"] == 7 * 3600 and entry.old_value is None


def test_times_are_kept_to_the_minute(me):
    body = add(me, at(9, 9, 0, 42), at(9, 10, 30, 59)).json()
    assert (body["start_datetime"], body["end_datetime"]) == ("2026-03-09T09:00:00Z", "2026-03-09T10:30:00Z")


@pytest.mark.parametrize(
    "start,end,message",
    [
        (at(9, 10), at(9, 10), rules.END_NOT_AFTER_START),
        (at(9, 10), at(9, 9), rules.END_NOT_AFTER_START),
        (at(8, 10), at(9, 11), rules.TOO_LONG),
        (at(10, 17), at(10, 19), rules.IN_THE_FUTURE),
    ],
)
def test_bad_times_are_refused_and_change_nothing(me, start, end, message):
    response = add(me, start, end)
    assert response.status_code == 400
    assert response.json() == {"work_shift": [message]}
    assert not WorkShift.objects.exists() and not ChangeLog.objects.exists()


def test_an_overlapping_shift_is_refused(me, clock):
    add(me, at(9, 9), at(9, 12))
    response = add(me, at(9, 11), at(9, 14))
    assert response.status_code == 400 and response.json() == {"work_shift": [OVERLAP]}
    # The open shift counts too.
    status_services.status_change(user=me.user, status="working")
    clock.advance(hours=1)
    response = add(me, at(10, 18, 10), at(10, 18, 40))
    assert response.status_code == 400 and response.json() == {"work_shift": [OVERLAP]}
    assert WorkShift.objects.count() == 2


def test_a_break_outside_the_shift_is_refused_with_the_spec_texts(me):
    response = add(me, at(9, 9), at(9, 12), [("taking_break", at(9, 8), at(9, 10))])
    assert response.json() == {"work_shift": [rules.START_OUTSIDE]}
    response = add(me, at(9, 9), at(9, 12), [("taking_break", at(9, 10), at(9, 13))])
    assert response.json() == {"work_shift": [rules.END_OUTSIDE]}


def test_a_manual_shift_past_midnight_belongs_to_its_start_date_and_is_cut_at_midnight(auth_client, clock):
    clock.set(at(10, 18))
    auth_client.user.timezone = "Europe/Lisbon"
    auth_client.user.save()
    body = add(auth_client, at(8, 22), at(9, 2)).json()
    assert records(body["id"]) == [("working", at(8, 22), at(9, 0)), ("working", at(9, 0), at(9, 2))]
    assert WorkShift.objects.get().work_day.work_date == dt.date(2026, 3, 8)
    assert body["work_time"] == 4 * 3600


def test_without_the_right_no_manual_shift_edit_or_delete(me):
    shift = status_services.record_shift(user=me.user, segments=[("working", at(9, 9), at(9, 12))])
    me.user.allow_add_manual_shifts = False
    me.user.save()
    assert add(me, at(8, 9), at(8, 12)).status_code == 403
    response = me.post(MOD, {"work_shift": {"id": shift.pk, "start_datetime": iso(at(9, 9))}}, format="json")
    assert response.status_code == 403
    assert me.delete(f"/api/work/workshift/{shift.pk}/").status_code == 403
    assert WorkShift.objects.count() == 1 and not ChangeLog.objects.exists()


def test_someone_elses_shift_is_not_found(me, client_for):
    other = UserFactory(workspace=me.user.workspace)
    stranger = UserFactory()
    for owner in (other, stranger):
        shift = status_services.record_shift(user=owner, segments=[("working", at(9, 9), at(9, 12))])
        assert (
            me.patch(f"/api/work/workshift/{shift.pk}/", {"work_shift_notes": "x"}, format="json").status_code
            == 404
        )
        assert me.delete(f"/api/work/workshift/{shift.pk}/").status_code == 404
        body = {"work_shift": {"id": shift.pk}, "status_list": []}
        assert me.post(MOD, body, format="json").status_code == 404


def test_add_break_and_add_work_on_a_recorded_shift(me):
    shift = status_services.record_shift(
        user=me.user,
        segments=[("working", at(9, 9, 0, 17), at(9, 12)), ("taking_break", at(9, 12), at(9, 13, 0, 30))],
    )
    body = {
        "work_shift": {"id": shift.pk},
        "status_list": [
            # 09:00 is the shift's first minute: it means its start (09:00:17).
            {
                "status_enum_identifier": "taking_break",
                "start_datetime": iso(at(9, 9)),
                "end_datetime": iso(at(9, 10)),
            },
            {
                "status_enum_identifier": "working",
                "start_datetime": iso(at(9, 12, 15)),
                "end_datetime": iso(at(9, 13)),
            },
        ],
        "change_log": {"reason": "Forgot to switch"},
    }
    response = me.post(MOD, body, format="json")
    assert response.status_code == 200, response.content
    assert records(shift.pk) == [
        ("taking_break", at(9, 9, 0, 17), at(9, 10)),
        ("working", at(9, 10), at(9, 12)),
        ("taking_break", at(9, 12), at(9, 12, 15)),
        # 13:00 is the shift's last minute: it means its end (13:00:30).
        ("working", at(9, 12, 15), at(9, 13, 0, 30)),
    ]
    data = response.json()
    assert data["break_time_changed_manually"] and data["work_time_changed_manually"]
    assert not data["shift_changed_manually"]
    assert data["work_time"] + data["break_time"] == 4 * 3600 + 13
    kinds = list(ChangeLog.objects.order_by("id").values_list("changed_value_type_enum", "reason"))
    assert kinds == [("break_time", "Forgot to switch"), ("work_time", "Forgot to switch")]
    # A recorded shift's own bounds do not move.
    moved = me.post(MOD, {"work_shift": {"id": shift.pk, "start_datetime": iso(at(9, 8))}}, format="json")
    assert moved.json() == {"work_shift": [rules.ONLY_MANUAL_TIMES]}


def test_a_manual_shift_is_moved_and_grows_with_work(me):
    shift_id = add(me, at(9, 9), at(9, 12), [("taking_break", at(9, 10), at(9, 11))]).json()["id"]
    body = {
        "work_shift": {"id": shift_id, "start_datetime": iso(at(9, 10, 30)), "end_datetime": iso(at(9, 14))}
    }
    data = me.post(MOD, body, format="json").json()
    assert records(shift_id) == [
        ("taking_break", at(9, 10, 30), at(9, 11)),
        ("working", at(9, 11), at(9, 14)),
    ]
    assert (data["work_time"], data["break_time"], data["shift_changed_manually"]) == (3 * 3600, 1800, True)
    entry = ChangeLog.objects.filter(changed_value_type_enum="shift_times").get()
    assert entry.old_value["start_datetime"] == "2026-03-09T09:00:00+00:00"
    assert entry.new_value["end_datetime"] == "2026-03-09T14:00:00+00:00"


def test_the_open_shift_cannot_be_changed_or_deleted(me):
    status_services.status_change(user=me.user, status="working")
    shift = WorkShift.objects.get()
    response = me.delete(f"/api/work/workshift/{shift.pk}/")
    assert response.status_code == 400 and response.json() == {"Error": rules.OPEN_SHIFT_DELETE}
    body = {"work_shift": {"id": shift.pk}, "status_list": []}
    assert me.post(MOD, body, format="json").json() == {"work_shift": [rules.OPEN_SHIFT_EDIT]}


def test_delete_removes_the_shift_and_logs_it(me):
    shift_id = add(me, at(9, 9), at(9, 12)).json()["id"]
    assert me.delete(f"/api/work/workshift/{shift_id}/").status_code == 204
    assert not WorkShift.objects.exists() and not StatusRecord.objects.exists()
    day = WorkDay.objects.get(user=me.user)
    assert day.work_time_seconds == 0
    entry = ChangeLog.objects.get(changed_value_type_enum="shift_deleted")
    assert entry.object_id == shift_id and entry.old_value["work_time"] == 3 * 3600


def test_a_note_is_saved_once(me):
    shift_id = add(me, at(9, 9), at(9, 12)).json()["id"]
    url = f"/api/work/workshift/{shift_id}/"
    assert (
        me.patch(url, {"work_shift_notes": "Client call"}, format="json").json()["work_shift_notes"]
        == "Client call"
    )
    me.patch(url, {"work_shift_notes": "Client call"}, format="json")
    entries = ChangeLog.objects.filter(changed_value_type_enum="shift_notes")
    assert entries.count() == 1
    assert (entries.get().old_value, entries.get().new_value) == (
        {"work_shift_notes": ""},
        {"work_shift_notes": "Client call"},
    )


def test_change_log_is_read_by_the_user_observers_and_team_page_owners(me, client_for):
    for hour in range(0, 24, 2):
        add(me, at(8, hour), at(8, hour + 1))
    body = me.get(LOG).json()
    assert body["count"] == 12 and len(body["results"]) == 10
    first = body["results"][0]
    assert first["changed_value_type_enum"] == "shift_added"
    assert first["modified_user"] == {"id": me.user.pk, "display_name": me.user.display_name}
    assert first["content_object"]["type"] == "work_shift"
    assert len(me.get(LOG, {"page": 2}).json()["results"]) == 2
    workspace = me.user.workspace
    observer = UserFactory(workspace=workspace)
    Observation.objects.create(observer=observer, observed_user=me.user)
    manager = UserFactory(workspace=workspace, team_page_access_granted_yn=True)
    colleague = UserFactory(workspace=workspace)
    stranger = UserFactory()
    for reader in (observer, manager):
        assert client_for(reader).get(LOG, {"user": me.user.pk}).json()["count"] == 12
    for reader in (colleague, stranger):
        assert client_for(reader).get(LOG, {"user": me.user.pk}).status_code == 404


def test_change_log_filters_by_shift_and_dates(me):
    first = add(me, at(8, 9), at(8, 10)).json()["id"]
    add(me, at(9, 9), at(9, 10))
    assert me.get(LOG, {"work_shift": first}).json()["count"] == 1
    assert me.get(LOG, {"from_date": "2026-03-09", "to_date": "2026-03-09"}).json()["count"] == 1


def test_change_log_query_count_does_not_grow(me, django_assert_num_queries):
    for hour in range(0, 20, 2):
        add(me, at(8, hour), at(8, hour + 1))
    with django_assert_num_queries(3):  # count, the page with the modifying users (and the token)
        me.get(LOG)
