import datetime as dt

import pytest

from apps.accounts.models import WorkspaceRole
from apps.accounts.tests.factories import UserFactory
from apps.work.services import status as services

pytestmark = pytest.mark.django_db


def test_readers_end_a_forgotten_shift_where_the_next_status_call_will(clock, client_for):
    worker = UserFactory()
    admin = UserFactory(workspace=worker.workspace, workspace_role=WorkspaceRole.ADMIN)
    clock.set(dt.datetime(2026, 3, 6, 9, 0, tzinfo=dt.UTC))  # Friday 09:00 UTC
    services.status_change(user=worker, status="working")
    clock.set(dt.datetime(2026, 3, 9, 12, 0, tzinfo=dt.UTC))  # Monday noon: never left
    client = client_for(admin)

    monday = client.get("/api/work/worktime_summary/", {"user": worker.pk, "date": "2026-03-09"}).json()
    assert monday["work_time"] == 0
    friday = client.get("/api/work/worktime_summary/", {"user": worker.pk, "date": "2026-03-06"}).json()
    assert friday["work_time"] == 15 * 3600  # 09:00 to the midnight after

    day = client.get("/api/work/work_day/", {"user": worker.pk}).json()[0]
    shifts = client.get(f"/api/work/work_day/{day['id']}/workshifts_summary/").json()
    assert shifts[0]["work_time"] == 15 * 3600


def test_an_open_shift_of_today_still_counts_up_to_now(clock, client_for):
    worker = UserFactory()
    clock.set(dt.datetime(2026, 3, 6, 9, 0, tzinfo=dt.UTC))
    services.status_change(user=worker, status="working")
    clock.advance(hours=2)
    summary = client_for(worker).get("/api/work/worktime_summary/", {"date": "2026-03-06"}).json()
    assert summary["work_time"] == 2 * 3600
