"""The working-time account's calls: visibility, admins' writes, the change log, live events and
fixed query counts (docs/timeaccount.md)."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Observation, WorkspaceRole
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.timeaccount.models import Adjustment, WorkPattern, WorkspaceHoliday
from apps.timeaccount.tests.factories import AdjustmentFactory, WorkPatternFactory
from apps.work.models import ChangeLog

pytestmark = pytest.mark.django_db
URL = "/api/work/time_account/"


@pytest.fixture
def team(clock):
    workspace = WorkspaceFactory()
    admin = UserFactory(workspace=workspace, workspace_role=WorkspaceRole.ADMIN)
    member = UserFactory(workspace=workspace, date_joined=dt.datetime(2026, 3, 2, tzinfo=dt.UTC))
    observer = UserFactory(workspace=workspace)
    Observation.objects.create(observer=observer, observed_user=member)
    stranger = UserFactory()
    WorkPatternFactory(workspace=workspace, valid_from=dt.date(2026, 1, 1))
    return workspace, admin, member, observer, stranger


def test_summary_visibility(team, client_for):
    _, admin, member, observer, stranger = team
    colleague = UserFactory(workspace=member.workspace)
    for viewer, code in ((member, 200), (admin, 200), (observer, 200), (colleague, 404), (stranger, 404)):
        answer = client_for(viewer).get(URL, {"user": member.pk})
        assert answer.status_code == code, viewer
    body = client_for(member).get(URL).json()
    assert body["user"] == member.pk
    assert set(body) == {"user", "date", "start_date", "today", "week", "month", "balance"}
    assert body["today"]["expected"] == 8 * 3600  # Tuesday 10 March 2026


def test_admin_sets_a_pattern_and_members_may_not(team, client_for, live_events):
    _, admin, member, observer, _ = team
    body = {"user": member.pk, "valid_from": "2026-03-09", "weekday_seconds": [14400] * 5 + [0, 0]}
    assert client_for(member).post(f"{URL}schedules/", body, format="json").status_code == 403
    with live_events.capture():
        answer = client_for(admin).post(f"{URL}schedules/", body, format="json")
    assert answer.status_code == 201
    groups, message = live_events.one("time_account_changed")
    assert message["meta"] == {"user_ids": [member.pk], "what": "schedule"}
    assert {f"user-{member.pk}", f"user-{observer.pk}", f"user-{admin.pk}"} <= set(groups)
    assert client_for(member).get(URL).json()["today"]["expected"] == 4 * 3600
    patterns = client_for(member).get(f"{URL}schedules/").json()
    assert [p["valid_from"] for p in patterns["own"]] == ["2026-03-09"]
    assert len(patterns["default"]) == 1
    bad = {**body, "weekday_seconds": [90000] * 7}
    assert client_for(admin).post(f"{URL}schedules/", bad, format="json").status_code == 400
    pattern = WorkPattern.objects.get(user=member)
    assert client_for(admin).delete(f"{URL}schedules/{pattern.pk}/").status_code == 204


def test_admin_of_another_workspace_gets_404(team, client_for):
    workspace, _, member, _, _ = team
    other_admin = UserFactory(workspace_role=WorkspaceRole.ADMIN)
    pattern = WorkPattern.objects.get(workspace=workspace)
    assert client_for(other_admin).delete(f"{URL}schedules/{pattern.pk}/").status_code == 404
    body = {"user": member.pk, "date": "2026-03-01", "kind": "paid_out", "seconds": -3600, "reason": "x"}
    assert client_for(other_admin).post(f"{URL}adjustments/", body, format="json").status_code == 404
    assert client_for(other_admin).patch(f"{URL}members/{member.pk}/", {}, format="json").status_code == 404


def test_adjustment_joins_the_balance_and_the_change_log(team, client_for, live_events):
    _, admin, member, _, _ = team
    before = client_for(member).get(URL).json()["balance"]["balance"]
    body = {
        "user": member.pk,
        "date": "2026-03-05",
        "kind": "paid_out",
        "seconds": -7200,
        "reason": "Paid in March",
    }
    with live_events.capture():
        answer = client_for(admin).post(f"{URL}adjustments/", body, format="json")
    assert answer.status_code == 201
    assert live_events.one("time_account_changed")[1]["meta"]["what"] == "adjustment"
    entry = ChangeLog.objects.get(user=member)
    assert (entry.changed_value_type_enum, entry.reason, entry.modified_user_id) == (
        "balance_adjustment",
        "Paid in March",
        admin.pk,
    )
    assert entry.new_value == {"kind": "paid_out", "seconds": -7200}
    assert client_for(member).get(URL).json()["balance"]["balance"] == before - 7200
    assert client_for(member).get(f"{URL}adjustments/").json()[0]["reason"] == "Paid in March"
    no_reason = {**body, "reason": "  "}
    assert client_for(admin).post(f"{URL}adjustments/", no_reason, format="json").status_code == 400


def test_holidays_region_and_workspace_days(team, client_for, live_events):
    workspace, admin, member, _, _ = team
    assert (
        client_for(member).put(f"{URL}holiday_region/", {"country": "DE"}, format="json").status_code == 403
    )
    bad = {"country": "DE", "subdivision": "ZZ"}
    assert client_for(admin).put(f"{URL}holiday_region/", bad, format="json").status_code == 400
    with live_events.capture():
        good = {"country": "DE", "subdivision": "BE"}
        assert client_for(admin).put(f"{URL}holiday_region/", good, format="json").status_code == 200
    groups, _ = live_events.one("time_account_changed")
    assert groups == [f"workspace-{workspace.pk}"]
    added = {"date": "2026-03-10", "name": "Team day"}
    assert client_for(admin).post(f"{URL}holidays/", added, format="json").status_code == 201
    body = client_for(member).get(f"{URL}holidays/", {"year": 2026}).json()
    assert body["region"] == {"country": "DE", "subdivision": "BE"}
    assert {"date": "2026-03-10", "name": "Team day"} in body["holidays"]
    assert {"date": "2026-03-08", "name": "Women's Day"} in body["holidays"]
    today = client_for(member).get(URL).json()["today"]
    assert today == {"worked": 0, "expected": 0, "holiday": "Team day", "holiday_work_flagged": False}
    # a member's override: Bavaria keeps 8 March a normal day
    override = {"region": {"country": "DE", "subdivision": "BY"}, "start_date": "2026-02-01"}
    answer = client_for(admin).patch(f"{URL}members/{member.pk}/", override, format="json")
    assert answer.json() == {
        "user": member.pk,
        "start_date": "2026-02-01",
        "member_region": {"country": "DE", "subdivision": "BY"},
    }
    body = client_for(member).get(f"{URL}holidays/", {"year": 2026}).json()
    assert {"date": "2026-03-08", "name": "Women's Day"} not in body["holidays"]
    holiday = WorkspaceHoliday.objects.get(workspace=workspace)
    assert client_for(admin).delete(f"{URL}holidays/{holiday.pk}/").status_code == 204


@pytest.mark.parametrize(
    ("path", "queries"),
    [("", 13), ("adjustments/", 3), ("schedules/", 3), ("time_off/", 3), ("time_off/allowance/", 11)],
)
def test_reads_answer_in_fixed_queries(team, client_for, path, queries):
    workspace, admin, member, _, _ = team
    client = client_for(admin)

    def count():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"{URL}{path}", {"user": member.pk}).status_code == 200
        return len(captured)

    small = count()
    for n in range(30):
        AdjustmentFactory(user=member, date=dt.date(2026, 1, 1) + dt.timedelta(days=n), created_by=admin)
        WorkPatternFactory(
            workspace=workspace, user=member, valid_from=dt.date(2025, 1, 1) + dt.timedelta(days=n)
        )
    assert count() == small == queries
    assert Adjustment.objects.filter(user=member).count() == 30


def test_rules_read_by_members_written_by_admins(team, client_for, live_events):
    workspace, admin, member, _, stranger = team
    rules_url = f"{URL}rules/"
    defaults = {"year_end": "carry_all", "cap_seconds": None, "holiday_work": "counts"}
    assert client_for(member).get(rules_url).json() == defaults
    capped = {"year_end": "cap", "cap_seconds": 40 * 3600, "holiday_work": "flagged"}
    assert client_for(member).put(rules_url, capped, format="json").status_code == 403
    with live_events.capture():
        assert client_for(admin).put(rules_url, capped, format="json").json() == capped
    groups, message = live_events.one("time_account_changed")
    assert groups == [f"workspace-{workspace.pk}"] and message["meta"] == {"user_ids": [], "what": "rules"}
    assert client_for(member).get(rules_url).json() == capped
    assert client_for(stranger).get(rules_url).json() == defaults  # their own workspace's
    for bad in (
        {"year_end": "cap", "holiday_work": "counts"},  # a cap needs its hours
        {"year_end": "reset", "cap_seconds": 3600, "holiday_work": "counts"},
        {"year_end": "cap", "cap_seconds": "3600", "holiday_work": "counts"},
        {"year_end": "sometimes", "holiday_work": "counts"},
        {"year_end": "carry_all", "holiday_work": "maybe"},
        {"year_end": "cap", "cap_seconds": -1, "holiday_work": "counts"},
    ):
        answer = client_for(admin).put(rules_url, bad, format="json")
        assert answer.status_code == 400, bad
    assert client_for(member).get(rules_url).json() == capped  # nothing changed
