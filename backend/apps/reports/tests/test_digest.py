"""The morning digest (issue 32, docs/reminders.md): its content, its audience, its bounded reads and
its email at the reader's local hour."""

import datetime as dt
import json

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Notification, NotificationKind, Observation
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.checkout.models import CheckoutCheck, CheckoutCheckStatus
from apps.reports.digest import hours_text
from apps.reports.tasks import day_reminders
from apps.timeaccount.tests.factories import TimeOffRequestFactory, TimeOffTypeFactory, WorkPatternFactory
from apps.work.models import WorkDay

pytestmark = pytest.mark.django_db

URL = "/api/work/digest/"
TUESDAY = dt.date(2026, 3, 10)
JOINED = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # the account (and its target) starts then
NOTE = json.dumps(
    {
        "blocks": [
            {"text": "Shipped the invoice export"},
            {"text": ""},
            {"text": "Reviewed two pull requests"},
            {"text": "Paired with Cy on the importer"},
            {"text": "A fourth line nobody reads in the digest"},
        ],
        "entityMap": {},
    }
)


def team(size: int = 3):
    workspace = WorkspaceFactory()
    WorkPatternFactory(workspace=workspace)  # 8h Monday to Friday
    manager = UserFactory(workspace=workspace, display_name="Manager", date_joined=JOINED)
    members = [
        UserFactory(workspace=workspace, display_name=f"Member {i}", date_joined=JOINED) for i in range(size)
    ]
    for member in members:
        Observation.objects.create(observer=manager, observed_user=member)
    return workspace, manager, members


def check(day: WorkDay, kind: str, passed: bool, critical: bool = False) -> None:
    CheckoutCheckStatus.objects.create(
        work_day=day,
        user=day.user,
        work_date=day.work_date,
        checkout_check=kind,
        passed_yn=passed,
        critical_yn=critical,
    )


def test_the_digest_says_who_checked_out_with_notes_failed_checks_hours_and_time_off(clock, client_for):
    clock.set(dt.datetime(2026, 3, 11, 7, 0, tzinfo=dt.UTC))
    workspace, manager, (ana, bo, cy) = team()
    ana_day = WorkDay.objects.create(
        user=ana, work_date=TUESDAY, work_time_seconds=7 * 3600, checkout_notes=NOTE
    )
    check(ana_day, CheckoutCheck.CHECKOUT_NOTE, True)
    check(ana_day, CheckoutCheck.UNALLOCATED_TIME, False, critical=True)
    WorkDay.objects.create(user=bo, work_date=TUESDAY, work_time_seconds=9 * 3600)
    TimeOffRequestFactory(
        user=bo,
        type=TimeOffTypeFactory(workspace=workspace, name="Sick"),
        start_date=dt.date(2026, 3, 11),
        end_date=dt.date(2026, 3, 11),
    )
    answer = client_for(manager).get(URL)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["date"], body["today"]) == ("2026-03-10", "2026-03-11")
    assert body["counts"] == {"checked_out": 1, "not_checked_out": 1, "still_in_office": 0, "no_work_day": 1}
    rows = {row["user_id"]: row for row in body["members"]}
    assert rows[ana.pk] == {
        "user_id": ana.pk,
        "display_name": "Member 0",
        "state": "checked_out",
        "work_day": ana_day.pk,
        "note_lines": [
            "Shipped the invoice export",
            "Reviewed two pull requests",
            "Paired with Cy on the importer",
        ],
        "failed_checks": [{"check": "unallocated_time", "label": "Unallocated time", "critical": True}],
        "worked_seconds": 7 * 3600,
        "expected_seconds": 8 * 3600,
        "time_off_today": None,
    }
    assert rows[bo.pk]["state"] == "not_checked_out"
    assert rows[bo.pk]["time_off_today"] == {"type": "Sick", "half_day": False}
    assert (rows[cy.pk]["state"], rows[cy.pk]["work_day"], rows[cy.pk]["note_lines"]) == (
        "no_work_day",
        None,
        [],
    )


def test_the_audience_observers_admins_and_team_page_owners_only_their_members(clock, client_for):
    clock.set(dt.datetime(2026, 3, 11, 7, 0, tzinfo=dt.UTC))
    workspace, manager, (ana, bo, cy) = team()
    Observation.objects.filter(observer=manager, observed_user=cy).delete()
    assert [row["user_id"] for row in client_for(manager).get(URL).json()["members"]] == [ana.pk, bo.pk]
    # A member who observes nobody: there is no digest for them.
    answer = client_for(ana).get(URL)
    assert answer.status_code == 404
    team_page = UserFactory(workspace=workspace, team_page_access_granted_yn=True)
    assert {row["user_id"] for row in client_for(team_page).get(URL).json()["members"]} == {
        manager.pk,
        ana.pk,
        bo.pk,
        cy.pk,
    }
    # Another workspace's observer reads only their own members.
    _, other_manager, (stranger,) = team(1)
    assert [row["user_id"] for row in client_for(other_manager).get(URL).json()["members"]] == [stranger.pk]


def test_bad_date_is_a_400(client_for):
    _, manager, _ = team(1)
    assert client_for(manager).get(URL, {"date": "yesterday"}).status_code == 400


def test_the_digest_reads_a_bounded_number_of_queries(clock, client_for):
    clock.set(dt.datetime(2026, 3, 11, 7, 0, tzinfo=dt.UTC))

    def measure(size: int) -> int:
        _, manager, members = team(size)
        for member in members:
            day = WorkDay.objects.create(
                user=member, work_date=TUESDAY, work_time_seconds=3600, checkout_notes=NOTE
            )
            check(day, CheckoutCheck.CHECKOUT_NOTE, False)
            TimeOffRequestFactory(
                user=member,
                type=TimeOffTypeFactory(workspace=member.workspace),
                start_date=dt.date(2026, 3, 11),
                end_date=dt.date(2026, 3, 11),
            )
        client = client_for(manager)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(URL).status_code == 200
        return len(queries)

    small, large = measure(2), measure(8)
    assert small == large
    assert large <= 16, large  # 14 for the digest (the account's rules among them), the token, the audience


def test_the_digest_email_arrives_once_at_the_readers_local_hour(clock, django_capture_on_commit_callbacks):
    workspace, manager, (ana, bo) = team(2)
    manager.timezone = "Asia/Tokyo"
    manager.digest_hour = 8
    manager.save(update_fields=["timezone", "digest_hour"])
    not_reader = UserFactory(workspace=workspace)
    WorkDay.objects.create(user=ana, work_date=TUESDAY, work_time_seconds=3600, checkout_notes=NOTE)

    def run(at):
        clock.set(at)
        with django_capture_on_commit_callbacks(execute=True):
            return day_reminders()

    # 08:00 in Tokyo on Wednesday 11 March is 23:00 UTC on Tuesday.
    assert run(dt.datetime(2026, 3, 10, 22, 59, tzinfo=dt.UTC)) == 0
    assert run(dt.datetime(2026, 3, 10, 23, 0, tzinfo=dt.UTC)) == 1
    assert run(dt.datetime(2026, 3, 10, 23, 30, tzinfo=dt.UTC)) == 0
    (text,) = Notification.objects.filter(user=manager, kind=NotificationKind.MORNING_DIGEST).values_list(
        "text", flat=True
    )
    assert text == "Morning digest for Tue 10 Mar 2026: 0 checked out, 1 did not."
    (message,) = mail.outbox
    assert message.to == [manager.email]
    assert message.subject == "Morning digest: Tue 10 Mar 2026"
    assert "Member 0: did not check out, 1h 00m of 8h 00m" in message.body
    assert "  | Shipped the invoice export" in message.body
    assert "/digest" in message.body
    assert Notification.objects.filter(user=not_reader).count() == 0


def test_no_digest_email_when_switched_off(clock, django_capture_on_commit_callbacks):
    _, manager, _ = team(1)
    manager.digest_email_yn = False
    manager.save(update_fields=["digest_email_yn"])
    clock.set(dt.datetime(2026, 3, 11, 9, 0, tzinfo=dt.UTC))
    with django_capture_on_commit_callbacks(execute=True):
        assert day_reminders() == 0
    assert mail.outbox == []


def test_hours_read_against_the_target_and_on_a_day_without_one():
    assert hours_text(7 * 3600, 8 * 3600) == "7h 00m of 8h 00m"
    assert hours_text(7 * 3600 + 15 * 60, 0) == "7h 15m, no hours expected"
    assert hours_text(0, 0) == "day off"
