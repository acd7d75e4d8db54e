"""The calendar read against hand-computed days: segments cut at local midnight, a DST day, the
open shift, planned sessions, time on tasks with project colours, totals; who may read it; its
query count fixed as the history grows."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.integrations.models import SyncKind, SyncState
from apps.projects.models import TaskTime
from apps.projects.tests.factories import ProjectFactory, TaskFactory
from apps.work.models import WorkDay, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

URL = "/api/work/calendar/"
UTC = dt.UTC
LISBON = "Europe/Lisbon"  # clocks go forward on 2026-03-29 at 01:00 (UTC+0 -> UTC+1)


def utc(m, d, h, mi=0):
    return dt.datetime(2026, m, d, h, mi, tzinfo=UTC)


@pytest.fixture
def ben(auth_client, clock):
    clock.set(utc(4, 1, 12))
    user = auth_client.user
    user.timezone = LISBON
    user.save()
    # 22:00 on the 28th to 03:00 local on the 29th (the clocks jump at 01:00): 4 hours of work,
    # 2 on the 28th and 2 on the 29th.
    status_services.record_shift(user=user, segments=[("working", utc(3, 28, 22), utc(3, 29, 2))])
    # The 29th (a 23-hour day), 09:00-13:00 local with a 30-minute break.
    status_services.record_shift(
        user=user,
        segments=[
            ("working", utc(3, 29, 8), utc(3, 29, 10)),
            ("taking_break", utc(3, 29, 10), utc(3, 29, 10, 30)),
            ("working", utc(3, 29, 10, 30), utc(3, 29, 12)),
        ],
    )
    WorkShiftSchedule.objects.create(
        user=user,
        start_datetime=utc(3, 30, 8),
        end_datetime=utc(3, 30, 16),
        work_time_seconds=8 * 3600,
        calendar_uid="abc@20260330T080000Z",
        schedule_notes="Sprint",
    )
    return auth_client


def test_days_blocks_and_totals_by_hand(ben):
    body = ben.get(URL, {"from_date": "2026-03-28", "to_date": "2026-03-30"}).json()
    assert body["editable"] is True and body["timezone"] == LISBON
    night, dst_day, planned_day = body["days"]
    assert night["iso_week"] == 13
    # The night shift is cut at local midnight: 2 hours on each side.
    assert [(b["start"], b["end"]) for b in night["blocks"]] == [
        ("2026-03-28T22:00:00Z", "2026-03-29T00:00:00Z")
    ]
    assert night["worked_seconds"] == 2 * 3600
    assert dst_day["worked_seconds"] == 2 * 3600 + 3.5 * 3600
    assert dst_day["break_seconds"] == 1800
    assert [b["status"] for b in dst_day["blocks"]] == ["working", "working", "taking_break", "working"]
    assert planned_day["planned"][0]["calendar_uid"] == "abc@20260330T080000Z"
    assert planned_day["planned_seconds"] == 8 * 3600
    assert body["totals"] == {
        "worked_seconds": int(7.5 * 3600),
        "break_seconds": 1800,
        "planned_seconds": 8 * 3600,
        "task_seconds": 0,
    }


def test_the_open_shift_grows_and_task_time_has_project_colours(auth_client, clock):
    user = auth_client.user
    clock.set(utc(3, 10, 9))
    auth_client.post(
        "/api/work/create_log_user_status/", {"status_enum_identifier": "working"}, format="json"
    )
    clock.advance(hours=2)
    project = ProjectFactory(workspace=user.workspace)
    task = TaskFactory(section__task_list__parent_project=project, owner_user=user)
    day = WorkDay.objects.get(user=user, work_date=dt.date(2026, 3, 10))
    TaskTime.objects.create(user=user, task=task, work_day=day, project=project, seconds_worked=1200)
    body = auth_client.get(URL, {"from_date": "2026-03-09", "to_date": "2026-03-15"}).json()
    today = body["days"][1]
    (block,) = today["blocks"]
    assert block["end"] is None and block["status"] == "working"
    assert today["worked_seconds"] == 2 * 3600
    (entry,) = today["tasks"]
    assert (entry["task_id"], entry["seconds"], entry["color"]) == (task.pk, 1200, project.color.value)
    assert body["calendar_import"]["configured"] is False


def test_a_shift_entered_this_very_second_is_already_on_the_calendar(auth_client, clock):
    """Read in the second the member entered (the clock has whole seconds), the open block has
    no length yet but is there, growing from now; it is not dropped as an empty cut."""
    clock.set(utc(3, 10, 23, 59))
    auth_client.post(
        "/api/work/create_log_user_status/", {"status_enum_identifier": "working"}, format="json"
    )
    body = auth_client.get(URL, {"from_date": "2026-03-10", "to_date": "2026-03-11"}).json()
    (block,) = body["days"][0]["blocks"]
    assert (block["start"], block["end"], block["status"]) == ("2026-03-10T23:59:00Z", None, "working")
    assert body["days"][1]["blocks"] == []


def test_observer_reads_others_do_not(client_for, auth_client):
    member = auth_client.user
    observer = UserFactory(workspace=member.workspace)
    stranger = UserFactory(workspace=member.workspace)
    Observation.objects.create(observer=observer, observed_user=member)
    answer = client_for(observer).get(URL, {"user": member.pk})
    assert answer.status_code == 200
    body = answer.json()
    assert body["editable"] is False and body["can_add_manual_shifts"] is False
    assert body["calendar_import"] is None  # the member's import settings stay theirs
    assert client_for(stranger).get(URL, {"user": member.pk}).status_code == 404
    assert client_for(UserFactory()).get(URL, {"user": member.pk}).status_code == 404


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"from_date": "2026-03-10", "to_date": "2026-03-09"}, "to_date"),
        ({"from_date": "2026-03-01", "to_date": "2026-05-01"}, "to_date"),
        ({"from_date": "soon"}, "from_date"),
        ({"user": "me"}, "user"),
    ],
)
def test_bad_input_is_a_clear_400(auth_client, query, field):
    answer = auth_client.get(URL, query)
    assert answer.status_code == 400
    assert field in answer.json()


def _add_weeks(user, weeks: int):
    for n in range(weeks * 7):
        start = utc(1, 1, 9) + dt.timedelta(days=n)
        status_services.record_shift(
            user=user,
            segments=[
                ("working", start, start + dt.timedelta(hours=3)),
                ("taking_break", start + dt.timedelta(hours=3), start + dt.timedelta(hours=4)),
                ("working", start + dt.timedelta(hours=4), start + dt.timedelta(hours=8)),
            ],
        )
        WorkShiftSchedule.objects.create(
            user=user, start_datetime=start, end_datetime=start + dt.timedelta(hours=8)
        )


@pytest.mark.parametrize("weeks", [1, 6])
def test_query_count_does_not_grow_with_the_range(auth_client, clock, weeks):
    clock.set(utc(3, 10, 9))
    _add_weeks(auth_client.user, weeks)
    days = weeks * 7 - 1
    with CaptureQueriesContext(connection) as queries:
        answer = auth_client.get(
            URL, {"from_date": "2026-01-01", "to_date": str(dt.date(2026, 1, 1) + dt.timedelta(days=days))}
        )
    assert answer.status_code == 200
    assert answer.json()["totals"]["worked_seconds"] == weeks * 7 * 7 * 3600
    # the token (no kept copy inside the test's transaction), records with shifts, schedules,
    # task time, the calendar import's state: a read that makes its copy (a read while nothing
    # changed is one query: test_calendar_stamps.py)
    assert len(queries) == 5, [q["sql"] for q in queries]


def test_the_hand_built_answer_is_drfs_byte_for_byte(ben, clock):
    """CalendarSerializer builds its dict by hand; DRF's declared fields must write the same bytes
    (closed and open blocks, a planned session, task time, the import's state, totals)."""
    from rest_framework.renderers import JSONRenderer

    from apps.calendar import selectors
    from apps.calendar.serializers import CalendarSerializer

    user = ben.user
    status_services.record_shift(user=user, segments=[("working", utc(3, 31, 9), utc(3, 31, 11))])
    project = ProjectFactory(workspace=user.workspace)
    task = TaskFactory(section__task_list__parent_project=project, owner_user=user)
    day = WorkDay.objects.get(user=user, work_date=dt.date(2026, 3, 31))
    TaskTime.objects.create(user=user, task=task, work_day=day, project=project, seconds_worked=900)
    ben.post("/api/work/create_log_user_status/", {"status_enum_identifier": "working"}, format="json")
    SyncState.objects.create(
        user=user,
        kind=SyncKind.CALENDAR,
        last_success_at=utc(3, 31, 6),
        last_failure_at=utc(4, 1, 6),
        failed=True,
        last_error="Feed unreachable",
    )
    clock.advance(minutes=7)
    data = selectors.calendar(
        user=user, from_date=dt.date(2026, 3, 27), to_date=dt.date(2026, 4, 2), viewer=user
    )
    serializer = CalendarSerializer(data)
    fast, drf = serializer.to_representation(data), serializer.drf_representation(data)
    assert any(d["blocks"] and d["blocks"][-1]["end"] is None for d in fast["days"])
    assert any(d["tasks"] for d in fast["days"]) and any(d["planned"] for d in fast["days"])
    assert fast["calendar_import"]["last_import_at"] and fast["calendar_import"]["failed"] is True
    assert JSONRenderer().render(fast) == JSONRenderer().render(drf)
