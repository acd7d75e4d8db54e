"""Time on tasks: allocation rules, the tracker across break / resume / leave / midnight, the
sources of active, manual and processing time, visibility and query counts."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Observation
from apps.projects.models import Activity, TaskTime, TaskTracker, TrackedInterval, UserTask, WorkDayTask
from apps.projects.services.time import day_tasks, tracker
from apps.projects.services.time import intervals as task_time
from apps.projects.tests.factories import TaskFactory
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay, WorkShift
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

OVER = "Tasks total hours can not be more than Office Work hours."


def day_of(user) -> WorkDay:
    return WorkDay.objects.get(user=user)


def worked(user, task) -> int:
    return sum(TaskTime.objects.filter(user=user, task=task).values_list("seconds_worked", flat=True))


def change(client, task, **body):
    return client.post("/api/work/task_time/", {"task": task.pk, **body}, format="json")


# --- allocation rules --------------------------------------------------------------------------


def test_time_needs_that_much_unallocated_work(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(minutes=9)
    refused = change(client, task, seconds=600)
    assert refused.status_code == 400
    assert refused.json() == {"detail": OVER}
    assert not TaskTime.objects.exists()
    clock.advance(minutes=61)  # 70 minutes of work
    first = change(client, task, seconds=600)
    assert first.status_code == 201, first.content
    assert first.json()["seconds_worked"] == 600 and first.json()["changed_yn"] is True
    assert change(client, task, seconds=3600).status_code == 200  # exactly what is left
    assert change(client, task, seconds=600).json() == {"detail": OVER}
    assert worked(owner, task) == 4200


def test_removing_needs_that_much_on_the_task(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=2)
    change(client, task, seconds=1200)
    assert change(client, task, seconds=-3600).json() == {"detail": "The task does not have that much time."}
    assert change(client, task, seconds=-600).json()["seconds_worked"] == 600
    assert change(client, task, seconds=-600).json()["seconds_worked"] == 0
    assert change(client, task, seconds=-600).status_code == 400


def test_add_all_unallocated_and_zero(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(minutes=45)
    assert change(client, task, all_unallocated=True).json()["seconds_worked"] == 2700
    assert change(client, task, all_unallocated=True).json() == {
        "detail": "There is no unallocated time to add."
    }
    assert change(client, task, seconds=0).status_code == 400
    assert change(client, task, seconds=600, all_unallocated=True).status_code == 400


def test_a_break_does_not_count_as_work(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(minutes=10)
    status_services.status_change(user=owner, status="taking_break")
    clock.advance(hours=2)
    assert change(client, task, seconds=600).status_code == 201
    assert change(client, task, seconds=600).json() == {"detail": OVER}


def test_removing_the_task_or_project_from_the_day_frees_its_hours(world, clock):
    client, owner = world.clients["owner"], world.owner
    other = TaskFactory(section=world.section, owner_user=owner)
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=3)
    day = day_of(owner)
    change(client, world.task, seconds=3600)
    change(client, other, seconds=3600)
    summary = client.get("/api/work/worktime_summary/").json()
    assert summary["tasks_allocated_time"] == 7200
    removed = client.delete(
        "/api/work/workday_task/", {"task": world.task.pk, "work_day": day.pk}, format="json"
    )
    assert removed.status_code == 204
    assert not UserTask.objects.get(user=owner, task=world.task).today_yn
    assert client.get("/api/work/worktime_summary/").json()["tasks_allocated_time"] == 3600
    # work_day defaults to the caller's work day of today (the Today page has no id to send)
    gone = client.delete("/api/work/workday_project/", {"project": world.project.pk}, format="json")
    assert gone.status_code == 204
    assert client.get("/api/work/worktime_summary/").json()["tasks_allocated_time"] == 0
    assert not WorkDayTask.objects.filter(work_day=day).exists()


def test_today_off_frees_the_hours_and_today_on_links(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=1)
    day = day_of(owner)
    added = client.post("/api/work/workday_task/", {"task": task.pk, "work_day": day.pk}, format="json")
    assert added.status_code == 201
    change(client, task, seconds=600)
    client.patch(f"/api/projects/user_task/{world.owner_user_task.pk}/", {"today_yn": False}, format="json")
    assert worked(owner, task) == 0
    assert not WorkDayTask.objects.filter(work_day=day, task=task).exists()


def test_someone_elses_work_day_or_task_is_not_found(world, clock):
    status_services.status_change(user=world.owner, status="working")
    status_services.status_change(user=world.outsider, status="working")
    clock.advance(hours=1)
    outsider = world.clients["outsider"]
    assert change(outsider, world.task, seconds=600).status_code == 404  # not in the project
    member = world.clients["member"]
    assert change(member, world.task, seconds=600, work_day=day_of(world.owner).pk).status_code == 404


# --- the tracker ---------------------------------------------------------------------------------


def state(client) -> dict:
    return client.get("/api/work/task_tracker/").json()


def test_tracker_across_break_resume_leave(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    refused = client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    assert refused.json() == {"detail": "Enter the office to track time on a task."}
    status_services.status_change(user=owner, status="working")
    started = client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    assert started.status_code == 200
    assert started.json()["status"] == "tracking" and started.json()["task"] == task.pk
    clock.advance(minutes=20)
    assert state(client)["seconds_worked"] == 1200  # counted live
    status_services.status_change(user=owner, status="taking_break")
    assert state(client)["status"] == "paused"
    assert worked(owner, task) == 1200
    clock.advance(minutes=15)
    assert state(client)["seconds_worked"] == 1200  # a break does not count
    status_services.status_change(user=owner, status="working")
    assert state(client)["status"] == "tracking"
    clock.advance(minutes=10)
    status_services.leave_office(user=owner)
    after = state(client)
    assert (after["status"], after["task"], after["last_task"]) == ("stopped", None, None)
    assert worked(owner, task) == 1800
    shift = WorkShift.objects.get()
    assert (shift.work_time, shift.active_time, shift.processing_time, shift.level) == (1800, 1800, 0, 100)


def test_starting_on_a_break_needs_consent_and_ends_the_break(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    status_services.status_change(user=owner, status="taking_break")
    refused = client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    assert refused.json() == {"detail": "If you continue, your break will end."}
    ok = client.post("/api/work/task_tracker/start/", {"task": task.pk, "end_break": True}, format="json")
    assert ok.json()["status"] == "tracking"
    assert work_selectors.current_status_record(user=owner).status_enum_identifier == "working"


def test_pause_by_hand_is_not_resumed_by_working_again_and_stop_keeps_the_last_task(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.advance(minutes=5)
    assert client.post("/api/work/task_tracker/pause/").json()["status"] == "paused"
    status_services.status_change(user=owner, status="taking_break")
    status_services.status_change(user=owner, status="working")
    assert state(client)["status"] == "paused"
    stopped = client.post("/api/work/task_tracker/stop/").json()
    assert (stopped["status"], stopped["task"], stopped["last_task"]) == ("stopped", None, task.pk)
    assert worked(owner, task) == 300


def test_switching_tasks_closes_one_interval_and_opens_another(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    other = TaskFactory(section=world.section, owner_user=owner)
    status_services.status_change(user=owner, status="working")
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.advance(minutes=7)
    client.post("/api/work/task_tracker/start/", {"task": other.pk}, format="json")
    clock.advance(minutes=3)
    assert worked(owner, task) == 420
    assert TrackedInterval.objects.filter(end_datetime__isnull=True).get().task_id == other.pk
    assert UserTask.objects.get(user=owner, task=other).today_yn  # tracking puts it on Today
    rows = {r["task"]: r["seconds_worked"] for r in client.get("/api/work/task_time/").json()}
    assert rows == {task.pk: 420, other.pk: 180}


def test_a_forgotten_shift_closed_at_midnight_stops_the_tracker_there(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task  # owner's zone: UTC
    clock.set(dt.datetime(2026, 3, 10, 20, 0, tzinfo=dt.UTC))
    status_services.status_change(user=owner, status="working")
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.set(dt.datetime(2026, 3, 12, 9, 0, tzinfo=dt.UTC))  # forgotten: closes at the 11th's midnight
    assert state(client)["seconds_worked"] == 4 * 3600  # reads already stop at that midnight
    status_services.settle_open_status(user=owner)
    assert state(client)["status"] == "stopped"
    assert worked(owner, task) == 4 * 3600
    shift = WorkShift.objects.get()
    assert shift.work_time == shift.active_time == 4 * 3600


def test_a_night_shift_keeps_tracking_across_midnight(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    clock.set(dt.datetime(2026, 3, 10, 23, 0, tzinfo=dt.UTC))
    status_services.status_change(user=owner, status="working")
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.set(dt.datetime(2026, 3, 11, 1, 0, tzinfo=dt.UTC))
    status_services.settle_open_status(user=owner)  # split at midnight, same shift
    assert state(client)["status"] == "tracking"
    status_services.leave_office(user=owner)
    assert worked(owner, task) == 7200
    assert TaskTime.objects.get().work_day.work_date == dt.date(2026, 3, 10)


def test_past_midnight_a_night_shift_s_day_is_today_for_task_time_and_the_day_s_tasks(world, clock):
    """A member in the office since before their midnight gets their shift's work day when a
    write names none, not "Enter the office first" (their local date has no work day)."""
    client, owner, task = world.clients["owner"], world.owner, world.task  # owner's zone: UTC
    clock.set(dt.datetime(2026, 3, 10, 22, 0, tzinfo=dt.UTC))
    status_services.status_change(user=owner, status="working")
    clock.set(dt.datetime(2026, 3, 11, 1, 0, tzinfo=dt.UTC))
    night = WorkDay.objects.get(user=owner)
    assert work_selectors.current_work_day(user=owner) == night
    added = client.post("/api/work/workday_task/", {"task": task.pk}, format="json")
    assert added.status_code == 201, added.content
    assert WorkDayTask.objects.get(task=task).work_day == night
    assert UserTask.objects.get(user=owner, task=task).today_yn  # the current day's tasks are Today's
    assert change(client, task, seconds=600).status_code == 201
    assert TaskTime.objects.get(task=task).work_day == night
    status_services.leave_office(user=owner)
    refused = change(client, task, seconds=60)  # out of the office: the 11th has no work day
    assert refused.status_code == 400
    assert refused.json() == {"work_day": ["Enter the office first: there is no work day today."]}


# --- sources of active, manual and processing time ---------------------------------------------


def test_active_manual_processing_and_inactive(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(minutes=30)
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.advance(minutes=20)
    change(client, TaskFactory(section=world.section, owner_user=owner), seconds=600)
    summary = client.get("/api/work/worktime_summary/").json()
    assert summary["work_time"] == 3000
    assert summary["processing_time"] == 1200  # the running interval
    assert summary["active_time"] == 0
    assert summary["manual_time"] == 600
    assert summary["tasks_allocated_time"] == 1800
    client.post("/api/work/task_tracker/pause/")
    summary = client.get("/api/work/worktime_summary/").json()
    assert (summary["active_time"], summary["processing_time"]) == (1200, 0)
    shifts = client.get(f"/api/work/work_day/{day_of(owner).pk}/workshifts_summary/").json()
    (shift,) = shifts
    assert shift["active_time"] == 1200 and shift["inactive_time"] == 1800 and shift["level"] == 40


def test_task_cards_show_todays_time_live(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    clock.advance(minutes=4)
    assert client.get(f"/api/projects/task/{task.pk}/").json()["seconds_worked"] == 240
    day = client.get(f"/api/work/work_day/{day_of(owner).pk}/tasks/").json()
    assert [(t["id"], t["seconds_worked"], t["recording_yn"]) for t in day] == [(task.pk, 240, True)]
    allocated = client.get("/api/work/allocated_time/").json()
    assert allocated["total_seconds"] == 240
    assert allocated["allocated_time"][0]["project"]["id"] == world.project.pk
    assert allocated["allocated_time"][0]["tasks"] == [
        {"task": {"id": task.pk, "title": task.title}, "total_seconds": 240}
    ]


# --- who sees whose task time ------------------------------------------------------------------


def test_only_observers_and_team_page_owners_see_someones_task_time(world, clock):
    owner = world.owner
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=1)
    change(world.clients["owner"], world.task, seconds=600)
    path = f"/api/work/user_task_time/{owner.pk}/"
    assert world.clients["member"].get(path).status_code == 404
    assert world.clients["member"].get(f"/api/work/allocated_time/?user_id={owner.pk}").status_code == 404
    assert world.clients["member"].get(f"/api/work/task_time/?user={owner.pk}").status_code == 404
    assert world.clients["member"].get(f"/api/work/work_day/{day_of(owner).pk}/tasks/").status_code == 404
    assert world.clients["stranger"].get(path).status_code == 404
    Observation.objects.create(observer=world.member, observed_user=owner)
    seen = world.clients["member"].get(path)
    assert seen.status_code == 200
    assert [(r["task"], r["seconds_worked"]) for r in seen.json()] == [(world.task.pk, 600)]


# --- query counts ----------------------------------------------------------------------------------


def _queries(client, path) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "path",
    [
        "/api/work/task_time/",
        "/api/work/user_task_time/{user}/",
        "/api/work/allocated_time/",
        "/api/work/work_day/{day}/tasks/",
        "/api/work/worktime_summary/",
        "/api/work/task_tracker/",
        "/api/projects/tasks/today/",
    ],
)
def test_reads_do_not_grow_with_the_data(world, clock, path):
    client, owner = world.clients["owner"], world.owner
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=8)
    day = day_of(owner)
    path = path.format(user=owner.pk, day=day.pk)

    def add_tasks(n):
        for _ in range(n):
            task = TaskFactory(section=world.section, owner_user=owner)
            day_tasks.workday_task_add(user=owner, task=task, work_day=day)
            task_time.task_time_change(user=owner, task=task, work_day=day, seconds=600)
        tracker.start(user=owner, task=task)
        clock.advance(minutes=1)

    add_tasks(2)
    few = _queries(client, path)
    add_tasks(5)
    assert _queries(client, path) == few
    assert TaskTracker.objects.get(user=owner).status == "tracking"


def test_first_time_on_a_task_today_makes_its_auto_activity_once(world, clock):
    client, owner, task = world.clients["owner"], world.owner, world.task
    status_services.status_change(user=owner, status="working")
    clock.advance(hours=1)
    autos = Activity.objects.filter(user=owner, task=task, created_automatically_yn=True)
    assert not autos.exists()
    assert change(client, task, seconds=600).status_code == 201
    assert autos.count() == 1 and autos.get().submitted_yn is False
    assert change(client, task, seconds=600).status_code == 200
    client.post("/api/work/task_tracker/start/", {"task": task.pk}, format="json")
    assert autos.count() == 1
