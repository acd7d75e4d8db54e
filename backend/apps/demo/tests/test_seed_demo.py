import datetime as dt

import pytest
from django.core.management import call_command

from apps.accounts.models import Observation, User, Workspace
from apps.core import timeutils
from apps.demo.management.commands.seed_demo import PAST_WEEKDAYS

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
    assert Observation.objects.filter(observer=ada, observed_user=cy).count() == 1
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
        today = timeutils.local_today(user.timezone)
        # today: a session if it had room; the weekend day with a manual shift is a demo edit
        days = WorkDay.objects.filter(user=user, work_date__lt=today).exclude(
            shifts__manual_work_shift_yn=True
        )
        assert days.count() == PAST_WEEKDAYS and all(d.work_time_seconds >= 7 * 3600 for d in days)
        assert WorkShiftSchedule.objects.filter(user=user).count() == 2
    ben = User.objects.get(email="ben@example.com")
    ben_shifts = WorkShift.objects.filter(
        work_day__user=ben, work_day__work_date__lt=timeutils.local_today(ben.timezone)
    ).prefetch_related("status_records")
    assert ben_shifts.filter(manual_work_shift_yn=False).count() == PAST_WEEKDAYS + 1
    for shift in ben_shifts:
        segments = shift_segments(shift, tz_name="America/Toronto", at=shift.end_datetime)
        expected = accounting.totals(segments, until=shift.end_datetime)
        assert shift.work_time == expected.work_time and shift.break_time == expected.break_time


def test_seed_demo_gives_each_user_unread_activities_and_notifications(api_client):
    from apps.accounts.models import Notification
    from apps.projects.models import Activity

    call_command("seed_demo", force=True)
    counts = (Activity.objects.count(), Notification.objects.count())
    call_command("seed_demo", force=True)
    assert (Activity.objects.count(), Notification.objects.count()) == counts
    assert Activity.objects.filter(submitted_yn=False).exists()
    assert Activity.objects.filter(confirmed_yn=True).exists()
    for email in ("ada@example.com", "ben@example.com", "cy@example.com"):
        token = api_client.post("/api/accounts/token/", {"email": email, "password": "remote-2026"}).json()[
            "token"
        ]
        api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        tree = api_client.get("/api/activities/get_unread_activities_in_projects/").json()
        assert tree["unread_count"] >= 2, email
        assert api_client.get("/api/notifications/").json()["unread_count"] >= 1, email


def test_seed_demo_gives_task_time_and_a_running_tracker(api_client):
    from apps.projects.models import TaskTime, TaskTracker, TrackedInterval
    from apps.work.models import WorkDay
    from apps.work.selectors import work_day_totals

    call_command("seed_demo", force=True)
    rows = TaskTime.objects.count()
    call_command("seed_demo", force=True)
    assert TaskTime.objects.count() == rows
    for user in User.objects.all():
        today = timeutils.local_today(user.timezone)
        past = WorkDay.objects.filter(user=user, work_date__lt=today)
        assert all(TaskTime.objects.filter(work_day=day).exists() for day in past)
        for day in WorkDay.objects.filter(user=user):
            numbers, allocation = work_day_totals(work_day=day)
            assert allocation.allocated + numbers.processing_time <= numbers.work_time
            if day.work_date < today:
                assert numbers.active_time > 0 and numbers.manual_time > 0 and 0 < numbers.level <= 100
    ada = User.objects.get(email="ada@example.com")
    assert TaskTracker.objects.get(user=ada).status == "tracking"
    assert TrackedInterval.objects.filter(user=ada, end_datetime__isnull=True).count() == 1
    assert WorkDay.objects.filter(user=ada, work_date=timeutils.local_today(ada.timezone)).exists()


def test_seed_demo_gives_ben_and_cy_checkouts_that_ada_reads(client_for):
    from apps.checkout.models import CheckoutCheckStatus
    from apps.work.models import WorkDay

    call_command("seed_demo", force=True)
    counts = (CheckoutCheckStatus.objects.count(), WorkDay.objects.exclude(checkout_notes=None).count())
    call_command("seed_demo", force=True)
    assert (
        CheckoutCheckStatus.objects.count(),
        WorkDay.objects.exclude(checkout_notes=None).count(),
    ) == counts
    users = {u.email: u for u in User.objects.all()}
    for email in ("ben@example.com", "cy@example.com"):
        statuses = CheckoutCheckStatus.objects.filter(user=users[email])
        assert statuses.filter(passed_yn=True).exists() and statuses.filter(passed_yn=False).exists()
        assert WorkDay.objects.filter(user=users[email]).exclude(checkout_notes=None).count() >= 4
    ben = users["ben@example.com"]
    day = WorkDay.objects.filter(user=ben).exclude(checkout_notes=None).first()
    ada = client_for(users["ada@example.com"])
    answer = ada.get(f"/api/work/work_day/?user={ben.pk}&work_date={day.work_date}")
    assert answer.status_code == 200 and "Details" in answer.json()[0]["checkout_notes"]
    history = ada.get(f"/api/work/checkout_check_status/?user_id={ben.pk}")
    assert history.status_code == 200 and len(history.json()) >= 4


def test_seed_demo_gives_manual_edits_in_the_change_log():
    from apps.work.models import ChangeLog, WorkShift

    call_command("seed_demo", force=True)
    entries = ChangeLog.objects.count()
    call_command("seed_demo", force=True)
    assert ChangeLog.objects.count() == entries
    for email in ("ada@example.com", "ben@example.com"):
        user = User.objects.get(email=email)
        kinds = set(ChangeLog.objects.filter(user=user).values_list("changed_value_type_enum", flat=True))
        assert {"shift_added", "break_time", "shift_notes"} <= kinds, email
        assert WorkShift.objects.filter(work_day__user=user, manual_work_shift_yn=True).count() == 1
    cy = User.objects.get(email="cy@example.com")
    assert not cy.allow_add_manual_shifts
    # Cy never edits a shift; the change log has her task time and her periods (docs/closing.md).
    closing_kinds = ["period_submitted", "period_rejected"]
    edits = ChangeLog.objects.filter(user=cy).exclude(
        changed_value_type_enum__in=["allocated_time", *closing_kinds]
    )
    assert not edits.exists()


def test_seed_demo_shows_every_closing_state(client_for):
    """Ben: an approved (locked) week; Cy: a rejected week with its reason and a submitted one
    waiting for Ada (issue 28)."""
    from apps.work import closing
    from apps.work.models import PeriodState, WorkPeriod

    call_command("seed_demo", force=True)
    call_command("seed_demo", force=True)  # idempotent, the locked days untouched
    ben, cy = User.objects.get(email="ben@example.com"), User.objects.get(email="cy@example.com")
    approved = WorkPeriod.objects.get(user=ben, state=PeriodState.APPROVED)
    with pytest.raises(closing.DayClosed):
        closing.refuse_if_locked(ben, approved.start_date)
    rejected = WorkPeriod.objects.get(user=cy, state=PeriodState.REJECTED)
    assert rejected.reason and rejected.decided_by.email == "ada@example.com"
    waiting = client_for(User.objects.get(email="ada@example.com")).get("/api/work/period/approvals/").json()
    assert [(p["user_name"], p["state"]) for p in waiting] == [("Cy", "submitted")]


def test_seed_demo_past_checkouts_are_a_realistic_mix():
    """Most past days pass every check; a few fail one (not every day 'Critical checks failed')."""
    import datetime as dt

    from apps.checkout.selectors import checkout_day_statuses

    call_command("seed_demo", force=True)
    for email in ("ben@example.com", "cy@example.com"):
        user = User.objects.get(email=email)
        today = timeutils.local_today(user.timezone)
        statuses = checkout_day_statuses(users=[user], from_date=today - dt.timedelta(days=40), to_date=today)
        past = [status for day, status in statuses[user.pk].items() if day < today]
        failed = [s for s in past if s in ("critical_failed", "non_critical_failed")]
        assert 1 <= len(failed) <= 3, past
        assert past.count("passed") >= len(past) - 3


def test_seed_demo_gives_working_time_accounts(client_for):
    """Schedules (Cy part-time), a workspace holiday in the last three weeks, Ben's approved day
    off and Cy's pending request: every time-account screen shows real numbers."""
    from apps.timeaccount.models import TimeOffRequest, WorkPattern, WorkspaceHoliday

    call_command("seed_demo", force=True)
    call_command("seed_demo", force=True)
    users = {u.email: u for u in User.objects.all()}
    ada, ben, cy = users["ada@example.com"], users["ben@example.com"], users["cy@example.com"]
    assert WorkPattern.objects.get(user=cy).weekday_seconds == [14400] * 4 + [0, 0, 0]
    holiday = WorkspaceHoliday.objects.get(workspace=ada.workspace)
    today = timeutils.local_today(ada.timezone)
    assert today - holiday.date <= dt.timedelta(days=21)
    bens = TimeOffRequest.objects.filter(user=ben)
    assert {(r.status, r.half_day) for r in bens} == {("approved", False), ("approved", True)}
    assert any(r.start_date < today and today - r.start_date <= dt.timedelta(days=21) for r in bens)
    assert TimeOffRequest.objects.get(user=cy).status == "pending"
    for user in (ada, ben, cy):
        body = client_for(ada).get("/api/work/time_account/", {"user": user.pk}).json()
        assert body["balance"]["worked"] > 0 and body["balance"]["expected"] > 0
    pending = client_for(ada).get("/api/work/time_account/time_off/", {"to_decide": "true"}).json()
    assert [r["user"] for r in pending] == [cy.pk]
