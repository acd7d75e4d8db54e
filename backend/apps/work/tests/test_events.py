"""Each live event of work: its payload, who receives it, and who receives nothing."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from apps.accounts.tests.factories import UserFactory
from apps.work import events
from apps.work.services import activity, invisible, schedules
from apps.work.services import status as services
from apps.work.tasks import shift_guardian

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    user = UserFactory(allow_invisible_mode=True)
    return user, UserFactory(workspace=user.workspace), UserFactory()  # user, teammate, stranger


def base(message) -> tuple:
    return (
        message["action"],
        message["table_name"],
        message["resource_id"],
        message["email"],
        message["status"],
    )


def receivers(live_events, groups, people) -> list[bool]:
    return [live_events.reaches(groups, person) for person in people]


def strip_row(client_for, viewer, user) -> dict:
    """`user`'s row in the teammates strip as `viewer` reads it, without the viewer's own flags."""
    rows = client_for(viewer).get("/api/accounts/teammates/").json()
    row = next(row for row in rows if row["user"] == user.pk)
    return {**row, "pinned_yn": False, "is_self": False}


def test_new_status(people, live_events, clock, client_for):
    user, teammate, stranger = people
    with live_events.capture():
        record = services.status_change(user=user, status="working")
    groups, message = live_events.one(events.NEW_STATUS.name)
    assert message["meta"]["user"] == user.pk
    # the row the strip shows, from the same rendering as the strip's read
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["status"] == "working"
    assert base(message) == ("create", "status_record", record.pk, user.email, "working")
    assert receivers(live_events, groups, people) == [True, True, False]


def test_user_left_office(people, live_events, clock, client_for):
    user, teammate, stranger = people
    services.status_change(user=user, status="working")
    with live_events.capture():
        services.leave_office(user=user)
    groups, message = live_events.one(events.USER_LEFT_OFFICE.name)
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["left_the_office_today_yn"] is True
    assert base(message) == ("", "status_record", None, user.email, "out_of_office")
    assert receivers(live_events, groups, people) == [True, True, False]


def test_a_forgotten_shift_closed_at_midnight_is_a_left_office(people, live_events, clock):
    user = people[0]
    services.status_change(user=user, status="working")
    clock.advance(days=2)
    with live_events.capture():
        services.settle_open_status(user=user)
    groups, message = live_events.one(events.USER_LEFT_OFFICE.name)
    assert message["meta"]["teammate"]["status"] == "out_of_office"
    assert receivers(live_events, groups, people) == [True, True, False]


def test_an_invisible_members_presence_reaches_only_their_own_sockets(people, live_events, clock, client_for):
    user, teammate, stranger = people
    invisible.invisible_mode_set(user=user, enabled=True)
    with live_events.capture():
        services.status_change(user=user, status="working")
    (groups, message), *others = live_events.sent
    assert others == []
    assert message["event"] == "new_status"
    assert receivers(live_events, groups, people) == [True, False, False]
    # their own row, as they see it: working (their teammates still see them out of the office)
    assert message["meta"]["teammate"] == strip_row(client_for, user, user)
    assert message["meta"]["teammate"]["status"] == "working"
    assert strip_row(client_for, teammate, user)["status"] == "out_of_office"

    live_events.sent.clear()
    with live_events.capture():
        services.leave_office(user=user)
    groups, message = live_events.one(events.USER_LEFT_OFFICE.name)
    assert receivers(live_events, groups, people) == [True, False, False]
    assert message["meta"]["teammate"] == strip_row(client_for, user, user)


def test_switching_invisible_mode_tells_only_the_teammates(people, live_events, clock, client_for):
    user, teammate, stranger = people
    record = services.status_change(user=user, status="taking_break")
    with live_events.capture():
        invisible.invisible_mode_set(user=user, enabled=True)
    groups, message = live_events.one(events.USER_LEFT_OFFICE.name)
    assert base(message) == ("", "status_record", None, user.email, "out_of_office")
    assert receivers(live_events, groups, people) == [False, True, False]
    hidden = message["meta"]["teammate"]
    assert hidden == strip_row(client_for, teammate, user)
    assert (hidden["status"], hidden["today_starttime"]) == ("out_of_office", None)

    live_events.sent.clear()
    with live_events.capture():
        invisible.invisible_mode_set(user=user, enabled=False)
    groups, message = live_events.one(events.NEW_STATUS.name)
    assert base(message) == ("create", "status_record", record.pk, user.email, "taking_break")
    assert receivers(live_events, groups, people) == [False, True, False]
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["status"] == "taking_break"
    # and the user's own sockets hear user_updated each time (accounts' event, built once)
    groups, message = live_events.one("user_updated")
    assert receivers(live_events, groups, people) == [True, False, False]


def test_switching_invisible_mode_out_of_the_office_hides_the_days_times(
    people, live_events, clock, client_for
):
    user, teammate, stranger = people
    services.status_change(user=user, status="working")
    services.leave_office(user=user)
    with live_events.capture():
        invisible.invisible_mode_set(user=user, enabled=True)
    groups, message = live_events.one("teammate_updated")
    assert receivers(live_events, groups, people) == [False, True, False]
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["left_the_office_today_yn"] is False  # hidden
    live_events.sent.clear()
    with live_events.capture():
        invisible.invisible_mode_set(user=user, enabled=False)
    groups, message = live_events.one("teammate_updated")
    assert receivers(live_events, groups, people) == [False, True, False]
    assert message["meta"]["teammate"]["left_the_office_today_yn"] is True


def test_a_profile_change_gives_each_recipient_the_row_it_may_see(people, live_events, clock, client_for):
    from apps.accounts.services import profile_update

    user, teammate, stranger = people
    services.status_change(user=user, status="working")
    with live_events.capture():
        profile_update(user=user, data={"city": "Porto"})
    groups, message = live_events.one("teammate_updated")
    assert receivers(live_events, groups, people) == [True, True, False]
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["city"] == "Porto"

    invisible.invisible_mode_set(user=user, enabled=True)
    live_events.sent.clear()
    with live_events.capture():
        profile_update(user=user, data={"city": "Faro"})
    sent = live_events.named("teammate_updated")
    assert len(sent) == 2
    rows = {}
    for groups, message in sent:
        reached = tuple(receivers(live_events, groups, people))
        rows[reached] = message["meta"]["teammate"]
    # they see themselves working; their teammates see them out of the office; nobody else hears
    assert set(rows) == {(True, False, False), (False, True, False)}
    assert rows[True, False, False] == strip_row(client_for, user, user)
    assert rows[True, False, False]["status"] == "working"
    assert rows[False, True, False] == strip_row(client_for, teammate, user)
    assert rows[False, True, False]["status"] == "out_of_office"
    assert rows[False, True, False]["city"] == "Faro"


def test_a_deactivated_member_leaves_the_strip(people, live_events, clock):
    from apps.accounts.members import member_deactivate
    from apps.accounts.models import WorkspaceRole

    user, teammate, stranger = people
    admin = UserFactory(workspace=user.workspace, workspace_role=WorkspaceRole.ADMIN)
    with live_events.capture():
        member_deactivate(admin=admin, member=user)
    groups, message = live_events.one("teammate_updated")
    assert message["meta"] == {"user": user.pk, "teammate": None}
    assert receivers(live_events, groups, people) == [True, True, False]


def test_calendar_entries_synced(people, live_events, clock):
    user = people[0]
    start = dt.datetime(2026, 3, 12, 9, tzinfo=dt.UTC)
    with live_events.capture():
        schedules.schedule_create(user=user, start_datetime=start, end_datetime=start + dt.timedelta(hours=4))
    groups, message = live_events.one(events.CALENDAR_ENTRIES_SYNCED.name)
    assert message["meta"] == {}
    assert base(message) == ("", "work_shift_schedule", None, user.email, "")
    assert receivers(live_events, groups, people) == [True, False, False]
    # the strip's next workday changed: teammates get the row
    groups, message = live_events.one("teammate_updated")
    assert message["meta"]["teammate"]["next_workday"]["date"] == "2026-03-12"
    assert receivers(live_events, groups, people) == [True, True, False]


def test_a_refused_write_announces_nothing(people, live_events, clock):
    user = people[0]
    start = dt.datetime(2026, 3, 12, 9, tzinfo=dt.UTC)
    with live_events.capture(), pytest.raises(ValidationError):
        schedules.schedule_create(user=user, start_datetime=start, end_datetime=start)
    assert live_events.sent == []


def test_checkout_updated_reaches_the_readers_of_the_checkout(people, live_events, clock):
    from apps.accounts.models import Observation, WorkspaceRole
    from apps.work.models import WorkDay
    from apps.work.services import days

    user, teammate, stranger = people
    observer = UserFactory(workspace=user.workspace)
    admin = UserFactory(workspace=user.workspace, workspace_role=WorkspaceRole.ADMIN)
    Observation.objects.create(observer=observer, observed_user=user)
    Observation.objects.create(observer=stranger, observed_user=user)  # another workspace: nothing
    services.status_change(user=user, status="working")
    day = WorkDay.objects.get(user=user)
    with live_events.capture():
        days.work_day_update(work_day=day, actor=user, data={"checkout_notes": "Done"})
    groups, message = live_events.one(events.CHECKOUT_UPDATED.name)
    assert message["meta"] == {
        "work_day_id": day.pk,
        "user_id": user.pk,
        "work_date": day.work_date.isoformat(),
    }
    assert (message["action"], message["table_name"], message["resource_id"]) == (
        "update",
        "work_day",
        day.pk,
    )
    assert [live_events.reaches(groups, p) for p in (user, observer, admin, teammate, stranger)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    with live_events.capture():
        days.work_day_update(work_day=day, actor=user, data={"checkout_notes": "Done"})  # unchanged
    assert len(live_events.named(events.CHECKOUT_UPDATED.name)) == 1  # still only the first


# --- closing the week (issue 28, docs/closing.md) ---------------------------------------------------


@pytest.fixture
def closing_team(db):
    from apps.accounts.models import Observation, WorkspaceRole

    member = UserFactory()
    admin = UserFactory(workspace=member.workspace, workspace_role=WorkspaceRole.ADMIN)
    lead = UserFactory(workspace=member.workspace)
    teammate = UserFactory(workspace=member.workspace)
    Observation.objects.create(observer=lead, observed_user=member)
    return member, admin, lead, teammate, UserFactory()


def test_period_changed_reaches_the_member_and_their_approvers(closing_team, live_events):
    from apps.core import timeutils
    from apps.work.services import periods

    member, admin, lead, teammate, stranger = closing_team
    day = timeutils.local_today(member.timezone) - dt.timedelta(days=7)
    with live_events.capture():
        period = periods.period_submit(user=member, day=day)
        periods.periods_decide(approver=lead, period_ids=[period.pk], approve=False, reason="Tuesday")
    sent = live_events.named(events.PERIOD_CHANGED.name)
    assert [m["meta"]["state"] for _, m in sent] == ["submitted", "rejected"]
    groups, message = sent[1]
    assert message["meta"] == {
        "period_id": period.pk,
        "user_id": member.pk,
        "start_date": str(period.start_date),
        "end_date": str(period.end_date),
        "state": "rejected",
        "reason": "Tuesday",
    }
    assert base(message) == ("update", "work_period", period.pk, "", "")
    assert receivers(live_events, groups, (member, admin, lead, teammate, stranger)) == [
        True,
        True,
        True,
        False,
        False,
    ]


def test_days_locked_reaches_the_locked_members_and_the_admin(closing_team, live_events):
    from apps.core import timeutils
    from apps.work.services import periods

    member, admin, lead, teammate, stranger = closing_team
    through = timeutils.local_today(admin.timezone) - dt.timedelta(days=3)
    with live_events.capture():
        periods.lock_through(admin=admin, through=through, user_ids=[member.pk])
    groups, message = live_events.one(events.DAYS_LOCKED.name)
    assert message["meta"] == {"through": str(through), "user_ids": [member.pk]}
    assert receivers(live_events, groups, (member, admin, lead, teammate, stranger)) == [
        True,
        True,
        False,
        False,
        False,
    ]


def test_correction_changed_reaches_the_member_and_their_approvers(closing_team, live_events):
    from apps.work.models import CorrectionRequest
    from apps.work.services import periods

    member, admin, lead, teammate, stranger = closing_team
    correction = CorrectionRequest.objects.create(
        user=member, work_date=dt.date(2026, 3, 2), kind="task_time", task_id=1, seconds=60, reason="x"
    )
    with live_events.capture():
        events.publish_correction_changed(
            correction=correction, recipient_ids=[member.pk, *periods.approver_ids(member)]
        )
    groups, message = live_events.one(events.CORRECTION_CHANGED.name)
    assert message["meta"] == {
        "correction_id": correction.pk,
        "user_id": member.pk,
        "work_date": "2026-03-02",
        "state": "pending",
    }
    assert receivers(live_events, groups, (member, admin, lead, teammate, stranger)) == [
        True,
        True,
        True,
        False,
        False,
    ]


def test_presence_changed(people, live_events, clock, client_for):
    """Active, idle, away (docs/presence.md): the member's row to their workspace, nobody else."""
    from apps.work.services import activity

    user, teammate, stranger = people
    with live_events.capture():
        activity.mark_active(user_id=user.pk)
    groups, message = live_events.one(events.PRESENCE_CHANGED.name)
    assert message["meta"]["user"] == user.pk
    assert message["meta"]["teammate"] == strip_row(client_for, teammate, user)
    assert message["meta"]["teammate"]["presence"] == "active"
    assert (message["action"], message["table_name"], message["email"]) == ("update", "user", user.email)
    assert receivers(live_events, groups, people) == [True, True, False]


def test_shift_prompt_changed_reaches_only_the_member(live_events, clock):
    """The shift guardian's 'Still working?' (docs/guardian.md): the member's own sockets only."""
    ben = UserFactory(timezone="Europe/Berlin")
    ada, stranger = UserFactory(workspace=ben.workspace), UserFactory()
    clock.set(dt.datetime(2026, 3, 10, 8, tzinfo=dt.UTC))
    services.status_change(user=ben, status="working")
    activity.mark_active(user_id=ben.pk)
    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=dt.UTC))  # an hour without activity
    with live_events.capture():
        shift_guardian()
    groups, message = live_events.one(events.SHIFT_PROMPT_CHANGED.name)
    assert [live_events.reaches(groups, person) for person in (ben, ada, stranger)] == [True, False, False]
    assert message["meta"]["state"] == "asked"
    groups, _ = live_events.one("new_notification")
    assert [live_events.reaches(groups, person) for person in (ben, ada, stranger)] == [True, False, False]
