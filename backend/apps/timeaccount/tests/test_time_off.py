"""Time off (docs/timeaccount.md): requests, decisions by admins and team-page owners, the target
it covers (a holiday inside it counted once), allowances, events and email."""

import datetime as dt

import pytest
from django.core import mail
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.accounts.models import Observation, User, WorkspaceRole
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.timeaccount import rules, selectors
from apps.timeaccount.models import AccountStart, TimeOffRequest, TimeOffStatus
from apps.timeaccount.tests.factories import (
    TimeOffRequestFactory,
    TimeOffTypeFactory,
    WorkPatternFactory,
    WorkspaceHolidayFactory,
)

pytestmark = pytest.mark.django_db
URL = "/api/work/time_account/time_off/"
H = 3600


@pytest.fixture
def team(clock):
    workspace = WorkspaceFactory()
    admin = UserFactory(workspace=workspace, workspace_role=WorkspaceRole.ADMIN)
    member = UserFactory(workspace=workspace)
    owner = UserFactory(workspace=workspace)  # the member's team-page owner
    Observation.objects.create(observer=owner, observed_user=member)
    colleague = UserFactory(workspace=workspace)
    AccountStart.objects.create(user=member, start_date=dt.date(2026, 1, 1))
    WorkPatternFactory(workspace=workspace, valid_from=dt.date(2026, 1, 1))
    leave = TimeOffTypeFactory(workspace=workspace, name="Paid leave")
    return workspace, admin, member, owner, colleague, leave


def account(user):
    return selectors.accounts([User.objects.select_related("workspace").get(pk=user.pk)])[user.pk]


def test_request_and_decide_by_the_owner_in_bulk(team, client_for, live_events):
    _, admin, member, owner, colleague, leave = team
    body = {"type": leave.pk, "start_date": "2026-03-16", "end_date": "2026-03-20", "note": "Holiday"}
    with live_events.capture():
        made = client_for(member).post(URL, body, format="json")
    assert made.status_code == 201 and made.json()["status"] == "pending"
    groups, _ = live_events.one("time_off_changed")
    assert {f"user-{member.pk}", f"user-{owner.pk}", f"user-{admin.pk}"} == set(groups)
    assert sorted(mail.outbox[0].to) == sorted([owner.email, admin.email])
    second = client_for(member).post(
        URL, {**body, "start_date": "2026-03-23", "end_date": "2026-03-23"}, format="json"
    )
    assert client_for(member).post(URL, body, format="json").status_code == 400  # overlaps
    ids = [made.json()["id"], second.json()["id"]]
    assert [r["id"] for r in client_for(owner).get(URL, {"to_decide": "true"}).json()] == ids
    assert client_for(colleague).get(URL, {"to_decide": "true"}).json() == []
    decide = {"ids": ids, "approve": True, "reason": "Enjoy"}
    assert client_for(colleague).post(f"{URL}decide/", decide, format="json").status_code == 404
    assert client_for(member).post(f"{URL}decide/", decide, format="json").status_code == 404  # not their own
    with live_events.capture():
        answer = client_for(owner).post(f"{URL}decide/", decide, format="json")
    assert answer.status_code == 200 and {r["status"] for r in answer.json()} == {"approved"}
    assert live_events.named("time_account_changed")
    assert client_for(admin).post(f"{URL}decide/", decide, format="json").status_code == 400  # decided once
    assert any("approved" in m.subject for m in mail.outbox)
    # the week of 16 March is covered: its target is 0, and 6 days of the allowance are used
    assert account(member).expected(dt.date(2026, 3, 16), dt.date(2026, 3, 20)) == 0
    allowance = client_for(member).get(f"{URL}allowance/", {"year": 2026}).json()
    assert allowance == [
        {"type": leave.pk, "name": "Paid leave", "allowance_days": 25.0, "used_days": 6.0, "left_days": 19.0}
    ]


def test_a_holiday_inside_time_off_is_covered_once(team):
    workspace, _, member, _, _, leave = team
    WorkspaceHolidayFactory(workspace=workspace, date=dt.date(2026, 3, 18), name="Team day")
    TimeOffRequestFactory(
        user=member, type=leave, start_date=dt.date(2026, 3, 16), end_date=dt.date(2026, 3, 20)
    )
    found = account(member)
    assert found.expected(dt.date(2026, 3, 16), dt.date(2026, 3, 20)) == 0  # not negative
    assert found.expected_day(dt.date(2026, 3, 18)) == (0, "Team day")
    holidays = found.holidays(dt.date(2026, 1, 1), dt.date(2026, 12, 31))
    leave_row = rules.Leave(dt.date(2026, 3, 16), dt.date(2026, 3, 20))
    assert rules.charged_days(found.patterns, leave_row, holidays) == 4  # the holiday is not charged


def test_half_days_and_cancelling(team, client_for, clock):
    _, _, member, _, _, leave = team
    half = client_for(member).post(
        URL,
        {"type": leave.pk, "start_date": "2026-03-24", "end_date": "2026-03-24", "half_day": True},
        format="json",
    )
    assert half.status_code == 201
    other_half = {"type": leave.pk, "start_date": "2026-03-24", "end_date": "2026-03-24", "half_day": True}
    assert client_for(member).post(URL, other_half, format="json").status_code == 201
    assert client_for(member).post(URL, other_half, format="json").status_code == 400  # a day has two halves
    bad = {"type": leave.pk, "start_date": "2026-03-24", "end_date": "2026-03-25", "half_day": True}
    assert client_for(member).post(URL, bad, format="json").status_code == 400
    TimeOffRequest.objects.filter(pk=half.json()["id"]).update(status=TimeOffStatus.APPROVED)
    assert account(member).expected_day(dt.date(2026, 3, 24)) == (4 * H, None)
    assert client_for(member).post(f"{URL}{half.json()['id']}/cancel/").status_code == 200
    assert account(member).expected_day(dt.date(2026, 3, 24)) == (8 * H, None)


def test_types_are_the_admins(team, client_for):
    _, admin, member, _, _, leave = team
    body = {"name": "Sick", "color": "#ff4d4f", "counts_as_worked": True, "yearly_allowance_half_days": None}
    assert client_for(member).post(f"{URL[:-9]}time_off_types/", body, format="json").status_code == 403
    made = client_for(admin).post(f"{URL[:-9]}time_off_types/", body, format="json")
    assert made.status_code == 201
    bad = client_for(admin).patch(f"{URL[:-9]}time_off_types/{leave.pk}/", {"color": "red"}, format="json")
    assert bad.status_code == 400
    names = [t["name"] for t in client_for(member).get(f"{URL[:-9]}time_off_types/").json()]
    assert names == ["Paid leave", "Sick"]


@settings(max_examples=30, deadline=None)
@given(
    leaves=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=6), st.booleans()
        ),
        max_size=5,
    ),
    holiday_days=st.sets(st.integers(min_value=0, max_value=66), max_size=6),
)
def test_covered_target_never_exceeds_the_target(leaves, holiday_days):
    """Time off covers at most each day's target; a holiday's day stays 0 (never counted twice)."""
    start = dt.date(2026, 3, 2)
    line = [rules.Pattern(dt.date(2026, 1, 1), (8 * H,) * 5 + (0, 0))]
    holidays = {start + dt.timedelta(days=n): "h" for n in holiday_days}
    rows = [
        rules.Leave(start + dt.timedelta(days=a), start + dt.timedelta(days=a + (0 if half else b)), half)
        for a, b, half in leaves
    ]
    fractions = rules.leave_fractions(rows)
    lo, hi = start, start + dt.timedelta(days=70)
    for n in range(71):
        day = start + dt.timedelta(days=n)
        target = rules.expected_day(line, day, holidays)
        covered = rules.covered_between(line, day, day, holidays, fractions)
        assert 0 <= covered <= target
    total = rules.expected_between(line, lo, hi, holidays) - rules.covered_between(
        line, lo, hi, holidays, fractions
    )
    assert total == sum(
        rules.expected_day(line, start + dt.timedelta(days=n), holidays)
        - rules.covered_between(
            line, start + dt.timedelta(days=n), start + dt.timedelta(days=n), holidays, fractions
        )
        for n in range(71)
    )


def test_notifications_of_a_request_and_its_decision_reach_their_audience(team, client_for, live_events):
    """A request: each approver is told in the product (not the member, not a colleague); its
    decision: the member (not the approver who decided, not the other approvers)."""
    from apps.accounts.models import Notification, NotificationKind

    _, admin, member, owner, colleague, leave = team
    body = {"type": leave.pk, "start_date": "2026-03-16", "end_date": "2026-03-17"}
    with live_events.capture():
        made = client_for(member).post(URL, body, format="json").json()
    asked = Notification.objects.filter(kind=NotificationKind.TIME_OFF_REQUESTED)
    assert sorted(asked.values_list("user_id", flat=True)) == sorted([admin.pk, owner.pk])
    assert {n.actor_id for n in asked} == {member.pk}
    assert "2026-03-16 to 2026-03-17" in asked.first().text
    told = {tuple(groups) for groups, _ in live_events.named("new_notification")}
    assert told == {(f"user-{admin.pk}",), (f"user-{owner.pk}",)}
    with live_events.capture():
        decided = {"ids": [made["id"]], "approve": False, "reason": "Release week"}
        assert client_for(owner).post(f"{URL}decide/", decided, format="json").status_code == 200
    (note,) = Notification.objects.filter(kind=NotificationKind.TIME_OFF_DECIDED)
    assert (note.user_id, note.actor_id) == (member.pk, owner.pk)
    assert note.text == "Your Paid leave (2026-03-16 to 2026-03-17) was declined: Release week"
    assert not Notification.objects.filter(
        user__in=[colleague, admin], kind=NotificationKind.TIME_OFF_DECIDED
    )
    (groups, _), *more = live_events.named("new_notification")[2:]  # after the request's two
    assert groups == [f"user-{member.pk}"] and more == []
    assert client_for(member).get("/api/notifications/").json()["results"][0]["kind"] == "time_off_decided"
