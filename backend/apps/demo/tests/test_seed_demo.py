import pytest
from django.core.management import call_command

from apps.accounts.models import Observation, User, Workspace

pytestmark = pytest.mark.django_db


def test_seed_demo_is_idempotent_and_signs_in(api_client):
    call_command("seed_demo", force=True)
    call_command("seed_demo", force=True)
    assert Workspace.objects.filter(name="Acme Remote").count() == 1
    users = {u.email: u for u in User.objects.all()}
    assert set(users) == {"ada@example.com", "ben@example.com", "cy@example.com"}
    ada, ben, cy = users["ada@example.com"], users["ben@example.com"], users["cy@example.com"]
    assert (
        ada.workspace_role == "ADMIN" and ada.team_page_access_granted_yn and ada.has_beta_version_access_yn
    )
    assert ben.workspace_role == "MEMBER"
    assert cy.workspace_role == "MEMBER" and not cy.has_beta_version_access_yn
    assert Observation.objects.filter(observer=ada, observed_user=ben).count() == 1
    for email in users:
        response = api_client.post("/api/accounts/token/", {"email": email, "password": "remote-2026"})
        assert response.status_code == 200


def test_seed_demo_gives_real_shifts_and_a_next_workday():
    from apps.work import accounting
    from apps.work.models import StatusRecord, WorkDay, WorkShift, WorkShiftSchedule
    from apps.work.selectors import shift_segments

    call_command("seed_demo", force=True)
    counts = (WorkDay.objects.count(), WorkShift.objects.count(), StatusRecord.objects.count())
    call_command("seed_demo", force=True)
    assert (WorkDay.objects.count(), WorkShift.objects.count(), StatusRecord.objects.count()) == counts
    for user in User.objects.all():
        days = WorkDay.objects.filter(user=user)
        assert days.count() == 5 and all(d.work_time_seconds >= 7 * 3600 for d in days)
        assert WorkShiftSchedule.objects.filter(user=user).count() == 2
    ben_shifts = WorkShift.objects.filter(work_day__user__email="ben@example.com").prefetch_related(
        "status_records"
    )
    assert ben_shifts.count() == 6
    for shift in ben_shifts:
        segments = shift_segments(shift, tz_name="America/Toronto", at=shift.end_datetime)
        expected = accounting.totals(segments, until=shift.end_datetime)
        assert shift.work_time == expected.work_time and shift.break_time == expected.break_time
