"""Each live event of the working-time account: its payload, who receives it, and who receives nothing."""

import datetime as dt

import pytest

from apps.accounts.models import Observation, WorkspaceRole
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.timeaccount import events, services
from apps.timeaccount.models import TimeOffType

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(clock):
    clock.set(dt.datetime(2026, 3, 10, 12, tzinfo=dt.UTC))
    workspace = WorkspaceFactory()
    admin = UserFactory(workspace=workspace, workspace_role=WorkspaceRole.ADMIN)
    member = UserFactory(workspace=workspace)
    observer = UserFactory(workspace=workspace)
    Observation.objects.create(observer=observer, observed_user=member)
    teammate = UserFactory(workspace=workspace)  # neither admin nor observer of the member
    stranger = UserFactory()
    return admin, member, observer, teammate, stranger


def reach(live_events, groups, people) -> list[bool]:
    return [live_events.reaches(groups, person) for person in people]


def test_time_account_changed_for_a_member(people, live_events):
    admin, member, observer, teammate, stranger = people
    with live_events.capture():
        services.adjustment_add(
            user=member, date=dt.date(2026, 3, 9), kind="paid_out", seconds=-3600, reason="Paid", by=admin
        )
    groups, message = live_events.one(events.TIME_ACCOUNT_CHANGED.name)
    assert message["meta"] == {"user_ids": [member.pk], "what": "adjustment"}
    assert (message["action"], message["table_name"]) == ("update", "time_account")
    # The member and those who may read their days; a plain teammate and another workspace do not.
    assert reach(live_events, groups, people) == [True, True, True, False, False]


def test_time_account_changed_for_the_workspace(people, live_events):
    admin, member, observer, teammate, stranger = people
    with live_events.capture():
        services.holiday_set(
            workspace_id=member.workspace_id, date=dt.date(2026, 3, 20), name="Day off", removed=False
        )
    groups, message = live_events.one(events.TIME_ACCOUNT_CHANGED.name)
    assert message["meta"] == {"user_ids": [], "what": "holiday"}
    assert reach(live_events, groups, people) == [True, True, True, True, False]


def test_time_off_changed(people, live_events):
    admin, member, observer, teammate, stranger = people
    kind = TimeOffType.objects.create(workspace=member.workspace, name="Leave")
    with live_events.capture():
        request = services.time_off_request(
            user=member,
            kind=kind,
            start_date=dt.date(2026, 3, 16),
            end_date=dt.date(2026, 3, 16),
            half_day=False,
            note="",
        )
    groups, message = live_events.one(events.TIME_OFF_CHANGED.name)
    assert message["meta"] == {"request_id": request.pk, "user_id": member.pk, "status": "pending"}
    assert message["resource_id"] == request.pk
    # The member and who decides their time off (admins, their team-page owners); nobody else.
    assert reach(live_events, groups, people) == [True, True, True, False, False]
