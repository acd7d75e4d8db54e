"""Shift edits never leave a day's allocated task time above its work time, and allocated time
edits are in the change log (projects records them through work's change log service)."""

import datetime as dt

import pytest

from apps.projects.services.time import day_tasks
from apps.projects.services.time import intervals as task_time
from apps.work.models import ChangeLog, WorkShift
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

MOD = "/api/work/workshift/shift_modification/"


def test_allocated_time_blocks_shortening_and_deleting_and_is_logged(world, clock):
    owner, client, task = world.owner, world.clients["owner"], world.task
    clock.set(dt.datetime(2026, 3, 12, 9, tzinfo=dt.UTC))
    start = dt.datetime(2026, 3, 10, 9, tzinfo=dt.UTC)
    shift = status_services.record_shift(
        user=owner, segments=[("working", start, start + dt.timedelta(hours=3))]
    )
    task_time.task_time_change(user=owner, task=task, work_day=shift.work_day, seconds=2 * 3600)
    entry = ChangeLog.objects.get(changed_value_type_enum="allocated_time")
    assert (entry.content_type, entry.user, entry.modified_user) == ("task_time", owner, owner)
    assert (entry.old_value["seconds_worked"], entry.new_value["seconds_worked"]) == (0, 7200)
    assert entry.work_date == dt.date(2026, 3, 10)

    body = {
        "work_shift": {"id": shift.pk},
        "status_list": [
            {
                "status_enum_identifier": "taking_break",
                "start_datetime": "2026-03-10T09:00:00Z",
                "end_datetime": "2026-03-10T11:00:00Z",
            }
        ],
    }
    response = client.post(MOD, body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "work_shift": ["Before changing this shift, reduce the allocated time on 1h 00m"]
    }
    response = client.delete(f"/api/work/workshift/{shift.pk}/")
    assert response.status_code == 400
    assert response.json() == {"Error": "Before removing this shift, reduce the allocated time on 2h 00m"}
    assert WorkShift.objects.get(pk=shift.pk).work_time == 3 * 3600  # nothing changed
    assert not ChangeLog.objects.exclude(changed_value_type_enum="allocated_time").exists()

    # A one-hour break fits (2 h of work for 2 h allocated).
    body["status_list"][0]["end_datetime"] = "2026-03-10T10:00:00Z"
    assert client.post(MOD, body, format="json").status_code == 200
    task_time.task_time_change(user=owner, task=task, work_day=shift.work_day, seconds=-2 * 3600)
    assert client.delete(f"/api/work/workshift/{shift.pk}/").status_code == 204
    kinds = list(ChangeLog.objects.order_by("id").values_list("changed_value_type_enum", flat=True))
    assert kinds == ["allocated_time", "break_time", "allocated_time", "shift_deleted"]


def test_every_allocated_time_entry_is_a_real_change_naming_its_task(world, clock):
    owner, task = world.owner, world.task
    clock.set(dt.datetime(2026, 3, 12, 9, tzinfo=dt.UTC))
    start = dt.datetime(2026, 3, 10, 9, tzinfo=dt.UTC)
    shift = status_services.record_shift(
        user=owner, segments=[("working", start, start + dt.timedelta(hours=3))]
    )
    task_time.task_time_change(user=owner, task=task, work_day=shift.work_day, seconds=0)
    assert not ChangeLog.objects.exists()  # no change, no entry ('from 0m to 0m')

    task_time.task_time_change(user=owner, task=task, work_day=shift.work_day, seconds=30)
    day_tasks.workday_task_remove(user=owner, task=task, work_day=shift.work_day)
    entries = list(ChangeLog.objects.order_by("id"))
    changes = [(e.old_value["seconds_worked"], e.new_value["seconds_worked"]) for e in entries]
    assert changes == [(0, 30), (30, 0)]
    # The removal names the task although its time row is gone.
    assert entries[1].old_value["task_title"] == entries[1].new_value["task_title"] == task.title
    assert entries[1].new_value["removed_from_work_day"] is True
