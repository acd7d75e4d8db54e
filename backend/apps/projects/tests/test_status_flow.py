"""A status change and the task tracker (docs/architecture.md, "A status change, traced"): work
tells projects through one hook, projects never calls back into the status write, and the
write's queries are counted."""

import os

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.projects import events
from apps.projects.models import TaskTracker, TrackedInterval
from apps.projects.services.time.tracker import FollowsStatus
from apps.projects.tests.factories import TaskFactory
from apps.work.models import StatusRecord

pytestmark = pytest.mark.django_db

CREATE = "/api/work/create_log_user_status/"
START = "/api/work/task_tracker/start/"


def post_status(client, status: str):
    response = client.post(CREATE, {"status_enum_identifier": status})
    assert response.status_code == 201, response.content
    return response


def start(client, task, **extra):
    response = client.post(START, {"task": task.pk, **extra}, format="json")
    assert response.status_code == 200, response.content
    return response


@pytest.fixture
def told(monkeypatch):
    """Every status change the tracker's listener hears, as (status, work day id)."""
    heard = []
    original = FollowsStatus.status_changed

    def listen(self, *, user, status, at, work_day):
        heard.append((status, work_day.pk if work_day is not None else None))
        original(self, user=user, status=status, at=at, work_day=work_day)

    monkeypatch.setattr(FollowsStatus, "status_changed", listen)
    return heard


def test_a_status_change_tells_the_tracker_once_with_its_work_day(world, clock, told):
    client = world.clients["owner"]
    post_status(client, "working")
    clock.advance(minutes=30)
    post_status(client, "taking_break")
    day_id = StatusRecord.objects.get(status_enum_identifier="taking_break").work_shift.work_day_id
    assert told == [("working", day_id), ("taking_break", day_id)]


def test_starting_the_tracker_on_a_break_does_not_reenter_it_through_the_status_hook(
    world, clock, told, live_events
):
    """The tracker ends the break itself: work's status write does not call back into projects,
    so the task the break paused is not resumed only to be closed again at once."""
    client, owner = world.clients["owner"], world.owner
    other = TaskFactory(section=world.section, owner_user=owner, title="Other")
    post_status(client, "working")
    start(client, world.task)
    clock.advance(minutes=30)
    post_status(client, "taking_break")
    told.clear()
    clock.advance(minutes=10)
    with live_events.capture():
        body = start(client, other, end_break=True).json()
    assert told == []
    assert (body["status"], body["task"]) == ("tracking", other.pk)
    assert StatusRecord.objects.get(end_datetime__isnull=True).status_enum_identifier == "working"
    tracked = TrackedInterval.objects.order_by("start_datetime")
    assert [(i.task_id, i.end_datetime is None) for i in tracked] == [
        (world.task.pk, False),
        (other.pk, True),
    ]
    assert len(live_events.named(events.TRACKER_STATE.name)) == 1  # one change of the tracker, told once
    tracker = TaskTracker.objects.get(user=owner)
    assert (tracker.status, tracker.paused_by_break) == ("tracking", False)


def test_starting_the_paused_task_on_a_break_resumes_it(world, clock, told):
    client = world.clients["owner"]
    post_status(client, "working")
    start(client, world.task)
    clock.advance(minutes=30)
    post_status(client, "taking_break")
    clock.advance(minutes=10)
    assert start(client, world.task, end_break=True).json()["status"] == "tracking"
    clock.advance(minutes=20)
    assert client.get("/api/work/task_tracker/").json()["seconds_worked"] == 3000  # 30 + 20 min


def _status_change_queries(client) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        post_status(client, "taking_break")
    return [q["sql"] for q in queries.captured_queries]


# working -> taking_break through the API, its on-commit work included. Without a tracker, 16:
# the token (no kept copy inside the test's transaction), the savepoint and its release, the
# user's lock, the open record (locked, with its shift and day), closing it, the new record, the
# tracker (none), the shift's tracked intervals and records, the shift, the day's shifts and the
# day; then 3 for the strip row `new_status` carries (issue 25, made as the strip's read makes a
# member's row), which spares every open screen its read of the whole strip. (Before issue 24:
# 14 without that row, the token a cache hit, 2 of them the teammates strip's signal handlers.)
# Tracking a task adds 6, all the tracker's: its running interval, the records it worked through,
# its task time row (locked), and the updates of the interval, the task time and the tracker.
WITHOUT_TRACKER = 16
WHILE_TRACKING = 22


def test_a_status_change_costs_a_fixed_number_of_queries(world, clock, django_capture_on_commit_callbacks):
    client = world.clients["owner"]
    post_status(client, "working")
    clock.advance(minutes=30)
    with django_capture_on_commit_callbacks(execute=True):
        sql = _status_change_queries(client)
    assert len(sql) == WITHOUT_TRACKER, "\n".join(sql)


# Redis round trips of the same status change, its on-commit work included: the live event it
# publishes (its stream's next sequence number, Django's incr being EXISTS + INCRBY, and one
# PUBLISH: the pub/sub layer sends a group message once) and nothing else: no cache operation
# (before issue 24: about 12 more, the strip's generation bumped now and after commit
# by each of its signal handlers, and the token cache's read).
REDIS_ROUND_TRIPS = 3


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="counts Redis commands")
def test_a_status_change_costs_only_its_live_events_in_redis(
    world, clock, django_capture_on_commit_callbacks, monkeypatch
):
    import redis
    import redis.asyncio

    commands: list[str] = []
    for client_class in (redis.Redis, redis.asyncio.Redis):
        real = client_class.execute_command

        def counted(self, *args, _real=real, **kwargs):
            commands.append(str(args[0]))
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(client_class, "execute_command", counted)
    client = world.clients["owner"]
    for status in ("working", "taking_break", "working"):  # the streams are numbered from now on
        with django_capture_on_commit_callbacks(execute=True):
            post_status(client, status)
        clock.advance(minutes=30)
    commands.clear()
    with django_capture_on_commit_callbacks(execute=True):
        post_status(client, "taking_break")
    assert len(commands) == REDIS_ROUND_TRIPS, commands


def test_a_status_change_while_tracking_costs_a_fixed_number_of_queries(
    world, clock, django_capture_on_commit_callbacks
):
    client = world.clients["owner"]
    post_status(client, "working")
    start(client, world.task)
    clock.advance(minutes=30)
    with django_capture_on_commit_callbacks(execute=True):
        sql = _status_change_queries(client)
    assert len(sql) == WHILE_TRACKING, "\n".join(sql)
    assert TaskTracker.objects.get(user=world.owner).status == "paused"
