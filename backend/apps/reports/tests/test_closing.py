"""Closing the week (issue 28, docs/closing.md): the period state machine, approvers, the bulk lock,
reopen, corrections, and their API."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from apps.accounts.models import AuthToken, Notification, Observation, User, WorkspaceRole
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import timeutils
from apps.projects.models import TaskTime
from apps.projects.services.time import corrections, intervals
from apps.projects.tests.factories import TaskFactory
from apps.timeaccount.selectors import expected_days
from apps.work import closing
from apps.work.models import ChangeLog, ChangeType, CorrectionState, PeriodState, StatusType, WorkPeriod
from apps.work.services import periods
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db
UTC = dt.UTC


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user).key}")
    return client


@pytest.fixture
def team():
    workspace = WorkspaceFactory()
    admin = UserFactory(workspace=workspace, workspace_role=WorkspaceRole.ADMIN)
    member = UserFactory(workspace=workspace)
    lead = UserFactory(workspace=workspace)
    other = UserFactory(workspace=workspace)
    Observation.objects.create(observer=lead, observed_user=member)
    return admin, member, lead, other


def last_week(user) -> dt.date:
    return timeutils.local_today(user.timezone) - dt.timedelta(days=7)


def worked(user, day: dt.date, hours: int = 4):
    start = dt.datetime.combine(day, dt.time(9), tzinfo=UTC)
    return status_services.record_shift(
        user=user, segments=[(StatusType.WORKING, start, start + dt.timedelta(hours=hours))], manual=True
    )


def submit(member) -> WorkPeriod:
    return periods.period_submit(user=member, day=last_week(member))


# --- the state machine ----------------------------------------------------------------------------

ALL_MOVES = ["submit", "approve", "reject", "reopen"]


def _do(move, period, *, admin, lead):
    if move == "submit":
        return periods.period_submit(user=period.user, day=period.start_date)
    if move == "approve":
        return periods.periods_decide(approver=lead, period_ids=[period.pk], approve=True)
    if move == "reject":
        return periods.periods_decide(
            approver=lead, period_ids=[period.pk], approve=False, reason="Fix Tuesday"
        )
    return periods.period_reopen(admin=admin, period=period, reason="Payroll asked")


@pytest.mark.parametrize("state", [s.value for s in PeriodState])
@pytest.mark.parametrize("move", ALL_MOVES)
def test_every_move_from_every_state(team, state, move):
    admin, member, lead, _ = team
    start, end = closing.period_bounds(member.workspace, last_week(member))
    period = WorkPeriod.objects.create(user=member, start_date=start, end_date=end, state=state)
    legal = state in periods.MOVES[move]
    if legal:
        _do(move, period, admin=admin, lead=lead)
        period.refresh_from_db()
        expected = {
            "submit": PeriodState.SUBMITTED,
            "approve": PeriodState.APPROVED,
            "reject": PeriodState.REJECTED,
            "reopen": PeriodState.REOPENED,
        }
        assert period.state == expected[move]
    else:
        with pytest.raises(periods.IllegalMove) as refused:
            _do(move, period, admin=admin, lead=lead)
        assert refused.value.status_code == 409
        period.refresh_from_db()
        assert period.state == state


def test_a_period_is_submitted_from_its_last_day(team):
    _, member, _, _ = team
    today = timeutils.local_today(member.timezone)
    _, end = closing.period_bounds(member.workspace, today)
    if end == today:
        pytest.skip("today is the period's last day")
    with pytest.raises(Exception, match="last day"):
        periods.period_submit(user=member, day=today)


def test_approval_locks_and_reopen_unlocks(team):
    admin, member, lead, _ = team
    day = last_week(member)
    worked(member, day)
    period = submit(member)
    periods.periods_decide(approver=lead, period_ids=[period.pk], approve=True)
    with pytest.raises(closing.DayClosed, match="This day is closed: .* approved period"):
        closing.refuse_if_locked(member, day)
    periods.period_reopen(admin=admin, period=period, reason="Wrong project")
    closing.refuse_if_locked(member, day)
    kinds = list(ChangeLog.objects.filter(user=member).values_list("changed_value_type_enum", "reason"))
    assert (ChangeType.PERIOD_REOPENED, "Wrong project") in kinds
    assert (ChangeType.PERIOD_APPROVED, "") in kinds
    assert (ChangeType.PERIOD_SUBMITTED, "") in kinds


def test_rejection_needs_a_reason_and_notifies_the_member(team, django_capture_on_commit_callbacks):
    _, member, lead, _ = team
    period = submit(member)
    with pytest.raises(Exception, match="reason"):
        periods.periods_decide(approver=lead, period_ids=[period.pk], approve=False)
    with django_capture_on_commit_callbacks(execute=True):
        periods.periods_decide(
            approver=lead, period_ids=[period.pk], approve=False, reason="Tuesday is missing"
        )
    note = Notification.objects.get(user=member)
    assert "Tuesday is missing" in note.text
    assert [m.to for m in mail.outbox] == [[member.email]] and "Tuesday is missing" in mail.outbox[0].body
    period.refresh_from_db()
    assert (period.state, period.reason, period.decided_by) == (
        PeriodState.REJECTED,
        "Tuesday is missing",
        lead,
    )


def test_who_approves(team):
    admin, member, lead, other = team
    assert periods.can_approve(admin, member) and periods.can_approve(lead, member)
    assert not periods.can_approve(other, member) and not periods.can_approve(member, member)
    period = submit(member)
    for refused in (other, member):
        with pytest.raises(Exception, match="approve"):
            periods.periods_decide(approver=refused, period_ids=[period.pk], approve=True)
    assert set(periods.approver_ids(member)) == {admin.pk, lead.pk}


def test_approve_many_is_all_or_none(team):
    admin, member, _, other = team
    first = submit(member)
    second = WorkPeriod.objects.create(
        user=other, start_date=first.start_date, end_date=first.end_date, state=PeriodState.DRAFT
    )
    with pytest.raises(periods.IllegalMove):
        periods.periods_decide(approver=admin, period_ids=[first.pk, second.pk], approve=True)
    first.refresh_from_db()
    assert first.state == PeriodState.SUBMITTED


# --- the bulk lock --------------------------------------------------------------------------------


def test_lock_500_members_in_one_transaction_with_bounded_queries(team):
    admin = team[0]
    User.objects.bulk_create(
        [
            User(email=f"m{n}@example.org", workspace=admin.workspace, display_name=f"M {n}")
            for n in range(500)
        ]
    )
    through = timeutils.local_today(admin.timezone) - dt.timedelta(days=1)
    with CaptureQueriesContext(connection) as queries:
        count = periods.lock_through(admin=admin, through=through, reason="November closed")
    assert count == 504
    # savepoint, admin check, members, update, the change log's one insert, release
    assert len(queries) <= 8, [q["sql"][:80] for q in queries]
    assert User.objects.filter(workspace=admin.workspace, closed_through=through).count() == 504
    assert ChangeLog.objects.filter(changed_value_type_enum=ChangeType.DAYS_LOCKED).count() == 504
    with pytest.raises(closing.DayClosed, match="locked"):
        closing.refuse_if_locked(User.objects.get(email="m7@example.org"), through)


def test_lock_chosen_members_only_by_admins(team):
    admin, member, lead, other = team
    through = timeutils.local_today(admin.timezone) - dt.timedelta(days=2)
    with pytest.raises(Exception, match="admins"):
        periods.lock_through(admin=lead, through=through)
    assert periods.lock_through(admin=admin, through=through, user_ids=[member.pk]) == 1
    member.refresh_from_db()
    other.refresh_from_db()
    assert (member.closed_through, other.closed_through) == (through, None)
    with pytest.raises(Exception, match="before today"):
        periods.lock_through(admin=admin, through=timeutils.local_today(admin.timezone))
    foreign = UserFactory()
    with pytest.raises(Exception, match="members of your workspace"):
        periods.lock_through(admin=admin, through=through, user_ids=[foreign.pk])


# --- corrections ----------------------------------------------------------------------------------


def _approved(member, lead):
    period = submit(member)
    periods.periods_decide(approver=lead, period_ids=[period.pk], approve=True)
    return period


def test_correction_of_shift_times_applies_exactly(team):
    _, member, lead, _ = team
    shift = worked(member, last_week(member))
    period = _approved(member, lead)
    new_start = shift.start_datetime - dt.timedelta(minutes=30)
    new_end = shift.end_datetime + dt.timedelta(minutes=15)
    asked = corrections.correction_request(
        user=member,
        kind="shift_times",
        reason="Forgot to enter early",
        shift=shift,
        start=new_start,
        end=new_end,
    )
    done = corrections.correction_decide(approver=lead, correction=asked, accept=True)
    shift.refresh_from_db()
    assert (shift.start_datetime, shift.end_datetime) == (new_start, new_end)
    assert shift.work_time == 4 * 3600 + 45 * 60
    assert done.state == CorrectionState.ACCEPTED
    period.refresh_from_db()
    assert period.state == PeriodState.APPROVED and period.decided_by == lead
    log = ChangeLog.objects.filter(user=member, changed_value_type_enum=ChangeType.SHIFT_TIMES).get()
    assert log.modified_user == lead and log.reason == "Forgot to enter early"
    with pytest.raises(closing.DayClosed):  # still closed
        closing.refuse_if_locked(member, shift.start_datetime)


def test_correction_of_task_time_applies_exactly(team):
    _, member, lead, _ = team
    shift = worked(member, last_week(member))
    task = TaskFactory()
    intervals.task_time_change(user=member, task=task, work_day=shift.work_day, seconds=3600)
    _approved(member, lead)
    asked = corrections.correction_request(
        user=member,
        kind="task_time",
        reason="It was 90 minutes",
        task=task,
        work_date=shift.work_day.work_date,
        seconds=5400,
    )
    corrections.correction_decide(approver=lead, correction=asked, accept=True)
    assert TaskTime.objects.get(task=task, work_day=shift.work_day).seconds_worked == 5400


def test_correction_declined_and_refused_on_open_days(team):
    _, member, lead, other = team
    shift = worked(member, last_week(member))
    with pytest.raises(Exception, match="not closed"):
        corrections.correction_request(
            user=member,
            kind="shift_times",
            reason="x",
            shift=shift,
            start=shift.start_datetime,
            end=shift.end_datetime,
        )
    _approved(member, lead)
    asked = corrections.correction_request(
        user=member,
        kind="shift_times",
        reason="x",
        shift=shift,
        start=shift.start_datetime,
        end=shift.end_datetime + dt.timedelta(hours=1),
    )
    with pytest.raises(Exception, match="approve"):
        corrections.correction_decide(approver=other, correction=asked, accept=True)
    corrections.correction_decide(
        approver=lead, correction=asked, accept=False, reason="The log says otherwise"
    )
    shift.refresh_from_db()
    assert shift.work_time == 4 * 3600  # declined: nothing changed
    with pytest.raises(periods.IllegalMove):
        corrections.correction_decide(approver=lead, correction=asked, accept=True)


# --- the API --------------------------------------------------------------------------------------


def test_api_flow(team):
    admin, member, lead, other = team
    day = last_week(member)
    shift = worked(member, day)
    me = client_for(member)
    answer = me.get("/api/work/period/", {"date": day.isoformat()})
    assert answer.status_code == 200 and answer.json()["state"] == "draft"
    summary = answer.json()["summary"]
    assert summary["worked_seconds"] == 4 * 3600
    # The target of the week comes from the working-time account (docs/timeaccount.md).
    start, end = (dt.date.fromisoformat(answer.json()[k]) for k in ("start_date", "end_date"))
    target = sum(s for (_, d), (s, _) in expected_days([member], lo=start, hi=end).items())
    assert (summary["expected_seconds"], summary["difference_seconds"]) == (target, 4 * 3600 - target)
    answer = me.post("/api/work/period/submit/", {"date": day.isoformat()}, format="json")
    assert answer.status_code == 200 and answer.json()["state"] == "submitted"
    assert me.post("/api/work/period/submit/", {"date": day.isoformat()}, format="json").status_code == 409
    waiting = client_for(lead).get("/api/work/period/approvals/").json()
    assert [p["user_id"] for p in waiting] == [member.pk]
    assert client_for(other).get("/api/work/period/approvals/").json() == []
    assert (
        client_for(other)
        .post("/api/work/period/decide/", {"period_ids": [waiting[0]["id"]], "approve": True}, format="json")
        .status_code
        == 403
    )
    answer = client_for(lead).post(
        "/api/work/period/decide/", {"period_ids": [waiting[0]["id"]], "approve": True}, format="json"
    )
    assert answer.status_code == 200 and answer.json()[0]["state"] == "approved"
    refused = me.patch(f"/api/work/workshift/{shift.pk}/", {"work_shift_notes": "later"}, format="json")
    assert refused.status_code == 409 and refused.json()["detail"].startswith("This day is closed: ")
    spans = me.get(
        "/api/work/closed_days/", {"from_date": day.isoformat(), "to_date": day.isoformat()}
    ).json()
    assert len(spans) == 1 and "approved period" in spans[0]["reason"]
    asked = me.post(
        "/api/work/correction/",
        {
            "kind": "shift_times",
            "shift": shift.pk,
            "start_datetime": shift.start_datetime.isoformat(),
            "end_datetime": (shift.end_datetime + dt.timedelta(minutes=30)).isoformat(),
            "reason": "Stayed late",
        },
        format="json",
    )
    assert asked.status_code == 201, asked.json()
    listed = client_for(lead).get("/api/work/correction/").json()
    assert listed[0]["can_decide"] is True
    decided = client_for(lead).post(
        f"/api/work/correction/{asked.json()['id']}/decide/", {"accept": True}, format="json"
    )
    assert decided.status_code == 200 and decided.json()["state"] == "accepted"
    foreign = client_for(UserFactory())
    assert (
        foreign.post(
            f"/api/work/correction/{asked.json()['id']}/decide/", {"accept": True}, format="json"
        ).status_code
        == 404
    )
    assert (
        foreign.post(
            f"/api/work/period/{waiting[0]['id']}/reopen/", {"reason": "x"}, format="json"
        ).status_code
        == 404
    )
    assert (
        client_for(lead)
        .post(f"/api/work/period/{waiting[0]['id']}/reopen/", {"reason": "x"}, format="json")
        .status_code
        == 403
    )
    assert (
        client_for(admin)
        .post(f"/api/work/period/{waiting[0]['id']}/reopen/", {"reason": "x"}, format="json")
        .status_code
        == 200
    )
    locked = client_for(admin).post("/api/work/period/lock/", {"through": day.isoformat()}, format="json")
    assert locked.status_code == 200 and locked.json()["locked"] == 4


# --- the payroll export ---------------------------------------------------------------------------


def test_payroll_export_csv_and_xlsx(team):
    import csv as csv_module
    import io

    from openpyxl import load_workbook

    admin, member, lead, _ = team
    member.display_name = "=HYPERLINK(evil)"
    member.save(update_fields=["display_name"])
    day = last_week(member)
    worked(member, day, hours=3)
    period = submit(member)
    periods.periods_decide(approver=lead, period_ids=[period.pk], approve=True)
    month = f"{day:%Y-%m}"
    answer = client_for(admin).get("/api/work/payroll_export/", {"month": month})
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    rows = list(csv_module.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:5] == ["Member", "Email", "Date", "Worked (h:mm)", "Worked (hours)"]
    assert rows[1][0] == "'=HYPERLINK(evil)" and rows[1][2:5] == [day.isoformat(), "3:00", "3.0"]
    assert rows[1][6].startswith("approved")
    answer = client_for(admin).get("/api/work/payroll_export/", {"month": month, "file": "xlsx"})
    assert answer.status_code == 200
    book = load_workbook(io.BytesIO(answer.content))
    assert book.sheetnames[0] == "Summary" and len(book.sheetnames) == 2
    summary = list(book["Summary"].iter_rows(values_only=True))
    assert summary[2][0] == "'=HYPERLINK(evil)" and summary[2][4:6] == ("3:00", 3.0)
    sheet = list(book[book.sheetnames[1]].iter_rows(values_only=True))
    assert sheet[1][3:5] == ("3:00", 3.0) and sheet[-1][0] == "Total"
    assert client_for(lead).get("/api/work/payroll_export/", {"month": month}).status_code == 403
    assert client_for(admin).get("/api/work/payroll_export/", {"month": "2026-13"}).status_code == 400


def test_monthly_periods_follow_the_workspace_setting(team):
    admin, member, _, _ = team
    answer = client_for(admin).patch("/api/workspace/settings/", {"closing_period": "monthly"}, format="json")
    assert answer.status_code == 200 and answer.json()["closing_period"] == "monthly"
    member.workspace.refresh_from_db()
    assert closing.period_bounds(member.workspace, dt.date(2026, 2, 11)) == (
        dt.date(2026, 2, 1),
        dt.date(2026, 2, 28),
    )
    period = client_for(member).get("/api/work/period/", {"date": "2026-02-11"}).json()
    assert (period["start_date"], period["end_date"]) == ("2026-02-01", "2026-02-28")
    member.workspace.first_day_of_week = "sunday"
    member.workspace.closing_period = "weekly"
    assert closing.period_bounds(member.workspace, dt.date(2026, 2, 11)) == (
        dt.date(2026, 2, 8),
        dt.date(2026, 2, 14),
    )


def test_the_closing_rules_are_the_admins_to_set_and_bad_values_change_nothing(team):
    admin, member, _, _ = team
    url = "/api/workspace/settings/"
    assert client_for(admin).get(url).json()["approval_reminder_days"] == 3  # the default
    assert client_for(admin).get(url).json()["auto_submit_after_days"] is None
    answer = client_for(admin).patch(
        url, {"auto_submit_after_days": 2, "approval_reminder_days": None}, format="json"
    )
    assert answer.status_code == 200
    assert (answer.json()["auto_submit_after_days"], answer.json()["approval_reminder_days"]) == (2, None)
    for bad in (
        {"auto_submit_after_days": -1},
        {"approval_reminder_days": 0},
        {"auto_submit_after_days": "soon"},
    ):
        refused = client_for(admin).patch(url, bad, format="json")
        assert refused.status_code == 400, bad
    member.workspace.refresh_from_db()
    assert (member.workspace.auto_submit_after_days, member.workspace.approval_reminder_days) == (2, None)
    assert client_for(member).patch(url, {"auto_submit_after_days": 9}, format="json").status_code == 403


# --- live events ----------------------------------------------------------------------------------


def test_live_events_reach_the_member_and_their_approvers_only(team, live_events):
    admin, member, lead, other = team
    shift = worked(member, last_week(member))
    with live_events.capture():
        period = submit(member)
        periods.periods_decide(approver=lead, period_ids=[period.pk], approve=True)
        asked = corrections.correction_request(
            user=member,
            kind="shift_times",
            reason="x",
            shift=shift,
            start=shift.start_datetime,
            end=shift.end_datetime + dt.timedelta(minutes=5),
        )
        periods.lock_through(admin=admin, through=last_week(member), user_ids=[other.pk])
    changed = live_events.named("period_changed")
    assert [m["meta"]["state"] for _, m in changed] == ["submitted", "approved"]
    for groups, message in changed:
        assert message["meta"]["period_id"] == period.pk and message["meta"]["user_id"] == member.pk
        assert all(live_events.reaches(groups, u) for u in (member, lead, admin))
        assert not live_events.reaches(groups, other)
    groups, message = live_events.one("correction_changed")
    assert message["meta"] == {
        "correction_id": asked.pk,
        "user_id": member.pk,
        "work_date": str(shift.work_day.work_date),
        "state": "pending",
    }
    assert live_events.reaches(groups, lead) and not live_events.reaches(groups, other)
    groups, message = live_events.one("days_locked")
    assert message["meta"] == {"through": str(last_week(member)), "user_ids": [other.pk]}
    assert live_events.reaches(groups, other) and live_events.reaches(groups, admin)
    assert not live_events.reaches(groups, member)
