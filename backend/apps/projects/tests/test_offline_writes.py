"""Offline-tolerant writes (issue 33, docs/offline.md): the writes a member can make offline take
an `Idempotency-Key` (apps/core/idempotency.py), so a replay counts once and gets the first answer;
a replay that is no longer valid is refused with a reason; a status change carries when it was
clicked, within bounds."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.core import idempotency
from apps.core.models import IdempotentRequest
from apps.core.tasks import purge_idempotency_keys
from apps.projects.models import Task, TaskTime
from apps.work.models import StatusRecord, WorkDay
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

STATUS = "/api/work/create_log_user_status/"
TASK_TIME = "/api/work/task_time/"
PAUSE = "/api/work/task_tracker/pause/"
START = "/api/work/task_tracker/start/"
KEY = "0b6f3c1e-2d4a-4f7e-9a51-3c2e8d7f6a10"
OTHER_KEY = "9d1c7a52-4e3b-4b8f-a2c6-1f0e5d4c3b21"


def send(client, path, body=None, *, key=KEY, method="post"):
    return getattr(client, method)(path, body or {}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def worked(user, task) -> int:
    return sum(TaskTime.objects.filter(user=user, task=task).values_list("seconds_worked", flat=True))


@pytest.fixture
def at_work(world, clock):
    """The owner entered the office two hours ago."""
    status_services.status_change(user=world.owner, status="working")
    clock.advance(hours=2)
    return world


# --- one effect, the same answer ----------------------------------------------------------------


def test_a_status_change_sent_twice_with_one_key_is_made_once_and_answered_the_same(at_work):
    client = at_work.clients["owner"]
    first = send(client, STATUS, {"status_enum_identifier": "taking_break"})
    with CaptureQueriesContext(connection) as replay:
        again = send(client, STATUS, {"status_enum_identifier": "taking_break"})
    assert first.status_code == again.status_code == 201, first.content
    # The replay reads its key and answers: no status, shift or day is read or written.
    touched = " ".join(query["sql"] for query in replay.captured_queries)
    assert "work_statusrecord" not in touched and "work_workshift" not in touched
    assert "core_idempotentrequest" in touched
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert StatusRecord.objects.filter(user=at_work.owner).count() == 2


def test_time_added_twice_with_one_key_counts_once(at_work):
    client, owner, task = at_work.clients["owner"], at_work.owner, at_work.task
    first = send(client, TASK_TIME, {"task": task.pk, "seconds": 600})
    again = send(client, TASK_TIME, {"task": task.pk, "seconds": 600})
    assert (first.status_code, again.status_code) == (201, 201), first.content
    assert again.json() == first.json()
    assert worked(owner, task) == 600
    # A new key is a new write.
    assert send(client, TASK_TIME, {"task": task.pk, "seconds": 600}, key=OTHER_KEY).status_code == 200
    assert worked(owner, task) == 1200


def test_a_tracker_pause_and_a_note_replayed_give_the_first_answer(at_work):
    client, owner = at_work.clients["owner"], at_work.owner
    assert client.post(START, {"task": at_work.task.pk}, format="json").status_code == 200
    first = send(client, PAUSE)
    assert first.json()["status"] == "paused"
    assert client.post(START, {"task": at_work.task.pk}, format="json").status_code == 200
    again = send(client, PAUSE)
    assert again.json() == first.json()  # the stored answer: the second start still tracks
    assert client.get("/api/work/task_tracker/").json()["status"] == "tracking"

    day = WorkDay.objects.get(user=owner)
    path = f"/api/work/work_day/{day.pk}/"
    saved = send(client, path, {"checkout_notes": "Shipped the spec"}, key=OTHER_KEY, method="patch")
    assert saved.status_code == 200, saved.content
    replayed = send(client, path, {"checkout_notes": "Shipped the spec"}, key=OTHER_KEY, method="patch")
    assert replayed.json() == saved.json()
    day.refresh_from_db()
    assert day.checkout_notes == "Shipped the spec"


def test_a_write_without_a_key_is_served_as_before_and_keeps_nothing(at_work):
    client = at_work.clients["owner"]
    assert client.post(TASK_TIME, {"task": at_work.task.pk, "seconds": 600}, format="json").status_code == 201
    assert not IdempotentRequest.objects.exists()


# --- refused keys -------------------------------------------------------------------------------


def test_the_same_key_with_another_body_is_refused_and_changes_nothing(at_work):
    client, owner, task = at_work.clients["owner"], at_work.owner, at_work.task
    assert send(client, TASK_TIME, {"task": task.pk, "seconds": 600}).status_code == 201
    refused = send(client, TASK_TIME, {"task": task.pk, "seconds": 1200})
    assert refused.status_code == 422
    assert refused.json() == {"detail": idempotency.KEY_REUSED}
    # The same key on another write is another body too.
    assert send(client, STATUS, {"status_enum_identifier": "taking_break"}).status_code == 422
    assert worked(owner, task) == 600
    assert StatusRecord.objects.get(user=owner, end_datetime__isnull=True).status_enum_identifier == "working"


@pytest.mark.parametrize("key", ["short", "x" * 65, "no spaces here", "é" * 10])
def test_a_malformed_key_is_a_400(at_work, key):
    answer = send(at_work.clients["owner"], TASK_TIME, {"task": at_work.task.pk, "seconds": 600}, key=key)
    assert answer.status_code == 400
    assert answer.json() == {"Idempotency-Key": [idempotency.BAD_KEY]}
    assert not TaskTime.objects.exists()


def test_keys_are_each_users_own(at_work, clock):
    member = at_work.member
    status_services.status_change(user=member, status="working")
    clock.advance(hours=1)
    assert (
        send(at_work.clients["owner"], TASK_TIME, {"task": at_work.task.pk, "seconds": 600}).status_code
        == 201
    )
    answer = send(at_work.clients["member"], TASK_TIME, {"task": at_work.task.pk, "seconds": 600})
    assert answer.status_code == 201, answer.content
    assert worked(member, at_work.task) == 600


# --- replays that are no longer valid -----------------------------------------------------------


def test_a_replay_on_a_locked_day_is_a_409_with_the_reason_and_kept_for_later(at_work, clock):
    client, owner, task = at_work.clients["owner"], at_work.owner, at_work.task
    type(owner).objects.filter(pk=owner.pk).update(closed_through=clock().date())
    refused = send(client, TASK_TIME, {"task": task.pk, "seconds": 600})
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith("This day is closed:")
    assert not TaskTime.objects.exists()
    # A refusal is not stored: once the day is open again the same key is tried afresh.
    assert not IdempotentRequest.objects.exists()
    type(owner).objects.filter(pk=owner.pk).update(closed_through=None)
    assert send(client, TASK_TIME, {"task": task.pk, "seconds": 600}).status_code == 201
    assert worked(owner, task) == 600


def test_a_status_change_replayed_onto_a_locked_day_is_a_409(at_work, clock):
    owner = at_work.owner
    type(owner).objects.filter(pk=owner.pk).update(closed_through=clock().date())
    refused = send(at_work.clients["owner"], STATUS, {"status_enum_identifier": "taking_break"})
    assert refused.status_code == 409
    assert "This day is closed" in refused.json()["detail"]
    assert StatusRecord.objects.filter(user=owner).count() == 1


def test_a_replay_on_a_deleted_task_is_a_404(at_work):
    client, task = at_work.clients["owner"], at_work.task
    Task.objects.filter(pk=task.pk).delete()
    assert send(client, TASK_TIME, {"task": task.pk, "seconds": 600}).status_code == 404
    assert send(client, START, {"task": task.pk}).status_code == 404
    assert not TaskTime.objects.exists()


# --- a status change's effective time -----------------------------------------------------------


def test_a_status_change_is_dated_when_it_was_clicked(at_work, clock):
    client, owner = at_work.clients["owner"], at_work.owner
    clicked = clock() - dt.timedelta(minutes=40)
    answer = send(
        client, STATUS, {"status_enum_identifier": "taking_break", "effective_at": clicked.isoformat()}
    )
    assert answer.status_code == 201, answer.content
    records = list(StatusRecord.objects.filter(user=owner).order_by("start_datetime"))
    assert [(r.status_enum_identifier, r.end_datetime) for r in records] == [
        ("working", clicked),
        ("taking_break", None),
    ]
    assert records[1].start_datetime == clicked
    summary = client.get("/api/work/worktime_summary/").json()
    assert (summary["work_time"], summary["break_time"]) == (80 * 60, 40 * 60)


def test_a_click_within_two_minutes_of_the_servers_clock_counts_as_now(at_work, clock):
    slightly_off = clock() + dt.timedelta(seconds=90)
    answer = send(
        at_work.clients["owner"],
        STATUS,
        {"status_enum_identifier": "taking_break", "effective_at": slightly_off.isoformat()},
    )
    assert answer.status_code == 201
    assert StatusRecord.objects.get(user=at_work.owner, end_datetime__isnull=True).start_datetime == clock()


def test_a_status_change_dated_ahead_takes_effect_now(at_work, clock):
    """A device whose clock runs ahead (minutes or hours) is not refused: the change is now."""
    ahead = clock() + dt.timedelta(minutes=5)
    answer = send(
        at_work.clients["owner"],
        STATUS,
        {"status_enum_identifier": "taking_break", "effective_at": ahead.isoformat()},
    )
    assert answer.status_code == 201
    assert StatusRecord.objects.get(user=at_work.owner, end_datetime__isnull=True).start_datetime == clock()


def test_a_status_change_older_than_twelve_hours_is_a_409(world, clock):
    status_services.status_change(user=world.owner, status="working")
    clock.advance(hours=13)
    old = clock() - dt.timedelta(hours=12, minutes=1)
    answer = send(
        world.clients["owner"],
        STATUS,
        {"status_enum_identifier": "taking_break", "effective_at": old.isoformat()},
    )
    assert answer.status_code == 409
    assert answer.json() == {"detail": status_services.EFFECTIVE_TOO_OLD.format(hours="12")}
    assert StatusRecord.objects.filter(user=world.owner).count() == 1


def test_a_status_change_before_the_last_one_is_a_409(at_work, clock):
    client, owner = at_work.clients["owner"], at_work.owner
    assert client.post(STATUS, {"status_enum_identifier": "taking_break"}, format="json").status_code == 201
    clock.advance(minutes=10)
    earlier = clock() - dt.timedelta(minutes=30)  # before the break started
    answer = send(client, STATUS, {"status_enum_identifier": "working", "effective_at": earlier.isoformat()})
    assert answer.status_code == 409
    assert answer.json()["detail"].startswith("This status change was made before your last status change")
    assert (
        StatusRecord.objects.get(user=owner, end_datetime__isnull=True).status_enum_identifier
        == "taking_break"
    )


def test_entering_again_is_not_dated_inside_the_shift_already_left(at_work, clock):
    client, owner = at_work.clients["owner"], at_work.owner
    status_services.leave_office(user=owner)
    clock.advance(minutes=30)
    inside = clock() - dt.timedelta(minutes=45)  # before leaving
    answer = send(client, STATUS, {"status_enum_identifier": "working", "effective_at": inside.isoformat()})
    assert answer.status_code == 409
    after = clock() - dt.timedelta(minutes=20)
    answer = send(
        client,
        STATUS,
        {"status_enum_identifier": "working", "effective_at": after.isoformat()},
        key=OTHER_KEY,
    )
    assert answer.status_code == 201, answer.content
    assert StatusRecord.objects.get(user=owner, end_datetime__isnull=True).start_datetime == after


# --- expiry ------------------------------------------------------------------------------------


def test_expired_keys_are_purged_by_the_job(at_work, clock, settings):
    client = at_work.clients["owner"]
    send(client, TASK_TIME, {"task": at_work.task.pk, "seconds": 600})
    clock.advance(hours=settings.IDEMPOTENCY_KEEP_HOURS - 1)
    assert send(client, STATUS, {"status_enum_identifier": "working"}, key=OTHER_KEY).status_code == 201
    clock.advance(hours=1)
    assert purge_idempotency_keys() == 1
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == [OTHER_KEY]
