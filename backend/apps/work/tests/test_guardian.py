"""The shift guardian (issue 32, docs/guardian.md) with the test clock: 'Still working?' for a shift
past its schedule or a member gone quiet, then the workspace's policy (propose or apply) ends the
shift at the last activity with its reason in the change log, and the member can undo it."""

import datetime as dt

import pytest
from django.core import mail

from apps.accounts.models import GuardianPolicy, Notification, NotificationKind
from apps.accounts.tests.factories import UserFactory
from apps.work import events, selectors
from apps.work.models import (
    ChangeLog,
    ChangeType,
    PromptCause,
    PromptState,
    ShiftPrompt,
    StatusRecord,
    WorkShift,
    WorkShiftSchedule,
)
from apps.work.services import activity, guardian
from apps.work.services import status as services
from apps.work.tasks import shift_guardian

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def at(hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 3, 10, hour, minute, tzinfo=UTC)


def texts(user) -> list[str]:
    return list(
        Notification.objects.filter(user=user, kind=NotificationKind.SHIFT_GUARDIAN)
        .order_by("id")
        .values_list("text", flat=True)
    )


def prompt_of(client) -> dict | None:
    answer = client.get("/api/work/shift_prompt/")
    assert answer.status_code == 200
    return answer.json()["prompt"]


@pytest.fixture
def ben(db):
    # Berlin: UTC+1 on 10 March 2026 (summer time starts on the 29th).
    return UserFactory(timezone="Europe/Berlin")


def test_a_shift_past_its_schedule_is_asked_about_then_proposed_and_ended_there(
    ben, clock, client_for, django_capture_on_commit_callbacks
):
    ada, stranger = UserFactory(workspace=ben.workspace), UserFactory()
    # Scheduled 09:00-17:00 Berlin time (08:00-16:00 UTC); he enters at 09:00 and is last seen at 17:42.
    WorkShiftSchedule.objects.create(
        user=ben, start_datetime=at(8), end_datetime=at(16), work_time_seconds=28800
    )
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    clock.set(at(16, 42))
    activity.mark_active(user_id=ben.pk)

    clock.set(at(16, 59))  # 17:59 Berlin: within the hour's tolerance past the schedule
    assert shift_guardian() == 0
    clock.set(at(17))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert shift_guardian() == 1
    assert texts(ben) == [
        "Still working? Your shift runs past your schedule (it ended at 17:00); no activity since 17:42."
    ]
    assert [m.to for m in mail.outbox] == [[ben.email]] and mail.outbox[0].subject == "Still working?"
    assert callbacks  # the email and the events leave after commit

    # Idempotent: the job runs again (every minute): still one question, one notification, one email.
    assert shift_guardian() == 0
    assert guardian.run() == 0
    assert (
        ShiftPrompt.objects.filter(user=ben).count() == 1 and len(texts(ben)) == 1 and len(mail.outbox) == 1
    )

    client = client_for(ben)
    prompt = prompt_of(client)
    assert prompt["state"] == "asked" and prompt["cause"] == "overrun" and prompt["policy"] == "propose"
    assert prompt["last_activity_at"] == "2026-03-10T16:42:00Z"
    assert prompt_of(client_for(ada)) is None  # nobody else's question

    # No answer in 30 minutes, still no activity: the workspace proposes the end (the default policy).
    clock.set(at(17, 30))
    assert shift_guardian() == 1
    assert texts(ben)[-1] == guardian.PROPOSED_TEXT.format(time="17:42")
    assert guardian.PROPOSED_TEXT.format(time="17:42") == (
        "No answer to 'Still working?': end your shift at 17:42, your last activity? "
        "Open the office to answer."
    )
    assert prompt_of(client)["state"] == "proposed"
    assert StatusRecord.objects.get(user=ben, end_datetime__isnull=True)  # nothing ended yet

    # Someone else's prompt is a 404; a bad answer a 400 that changes nothing.
    assert (
        client_for(ada)
        .post(f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "end"}, format="json")
        .status_code
        == 404
    )
    assert (
        client_for(stranger)
        .post(f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "end"}, format="json")
        .status_code
        == 404
    )
    bad = client.post(f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "keep"}, format="json")
    assert bad.status_code == 400 and bad.json() == {"answer": [guardian.ASKED_ANSWERS]}
    bad = client.post(f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "maybe"}, format="json")
    assert bad.status_code == 400 and "answer" in bad.json()
    assert prompt_of(client)["state"] == "proposed"

    # 'No, end at my last activity': the shift ends at 17:42 Berlin time, with the reason.
    clock.set(at(17, 50))
    answer = client.post(f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "end"}, format="json")
    assert answer.status_code == 200 and answer.json() == {"prompt": None}
    shift = WorkShift.objects.get(work_day__user=ben)
    assert shift.end_datetime == at(16, 42) and shift.work_time == 8 * 3600 + 42 * 60
    assert not StatusRecord.objects.filter(user=ben, end_datetime__isnull=True).exists()
    assert StatusRecord.objects.filter(user=ben).latest("start_datetime").end_datetime == at(16, 42)
    log = ChangeLog.objects.get(user=ben, object_id=shift.pk)
    assert log.changed_value_type_enum == ChangeType.SHIFT_TIMES
    assert log.reason == "automatic: no activity since 17:42"
    assert log.old_value["end_datetime"] == at(17, 50).isoformat()
    assert log.new_value["end_datetime"] == at(16, 42).isoformat()
    assert ShiftPrompt.objects.get(user=ben).state == PromptState.ENDED
    assert client.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "out_of_office"
    assert shift_guardian() == 0  # nothing open: nothing more to ask


def test_apply_ends_the_shift_at_the_last_activity_and_the_member_undoes_it(ben, clock, client_for):
    ben.workspace.guardian_policy = GuardianPolicy.APPLY
    ben.workspace.save()
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    clock.set(at(8, 30))
    activity.mark_active(user_id=ben.pk)  # 09:30 Berlin, then nothing: he closed his laptop

    clock.set(at(9, 29))
    assert shift_guardian() == 0  # quiet for 59 minutes: not yet
    clock.set(at(9, 30))
    assert shift_guardian() == 1
    assert texts(ben) == ["Still working? No activity on any of your devices since 09:30."]
    assert ShiftPrompt.objects.get(user=ben).cause == PromptCause.QUIET

    clock.set(at(10))  # no answer in 30 minutes: the shift is ended at his last activity
    assert shift_guardian() == 1
    shift = WorkShift.objects.get(work_day__user=ben)
    assert shift.end_datetime == at(8, 30) and shift.work_time == 30 * 60
    log = ChangeLog.objects.get(user=ben, object_id=shift.pk)
    assert log.reason == "automatic: no activity since 09:30" and log.modified_user == ben
    assert texts(ben)[-1] == (
        "Your shift was ended at 09:30, your last activity (automatic: no activity since 09:30). "
        "Open the office to undo it."
    )
    client = client_for(ben)
    prompt = prompt_of(client)
    assert prompt["state"] == "applied" and prompt["ended_at"] == "2026-03-10T10:00:00Z"

    # Undo needs a reason; a wrong answer is a 400; neither changes anything.
    url = f"/api/work/shift_prompt/{prompt['id']}/answer/"
    bad = client.post(url, {"answer": "undo", "reason": "  "}, format="json")
    assert bad.status_code == 400 and bad.json() == {"reason": [guardian.REASON_NEEDED]}
    bad = client.post(url, {"answer": "still_working"}, format="json")
    assert bad.status_code == 400 and bad.json() == {"answer": [guardian.APPLIED_ANSWERS]}
    assert ChangeLog.objects.filter(user=ben).count() == 1
    assert WorkShift.objects.get(pk=shift.pk).end_datetime == at(8, 30)

    clock.set(at(10, 5))
    done = client.post(url, {"answer": "undo", "reason": "I was reading on paper"}, format="json")
    assert done.status_code == 200 and done.json() == {"prompt": None}
    shift.refresh_from_db()
    # The hour and a half cut off is back; the shift stays closed (nothing runs that he must stop).
    assert shift.end_datetime == at(10) and shift.work_time == 2 * 3600
    assert not StatusRecord.objects.filter(user=ben, end_datetime__isnull=True).exists()
    undo = ChangeLog.objects.filter(user=ben).order_by("-id").first()
    assert undo.reason == "I was reading on paper"
    assert undo.old_value["end_datetime"] == at(8, 30).isoformat()
    assert undo.new_value["end_datetime"] == at(10).isoformat()
    assert ShiftPrompt.objects.get(user=ben).state == PromptState.UNDONE
    again = client.post(url, {"answer": "undo", "reason": "twice"}, format="json")
    assert again.status_code == 400 and again.json() == {"answer": [guardian.NOT_PENDING]}


def test_a_member_who_is_back_is_never_acted_on(ben, clock, client_for):
    ben.workspace.guardian_policy = GuardianPolicy.APPLY
    ben.workspace.save()
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    activity.mark_active(user_id=ben.pk)
    clock.set(at(9))
    assert shift_guardian() == 1
    clock.set(at(9, 10))
    activity.mark_active(user_id=ben.pk)  # he is back, and has not answered yet
    clock.set(at(10))
    assert shift_guardian() == 0  # the question waits for him; his shift runs on
    assert ShiftPrompt.objects.get(user=ben).state == PromptState.ASKED
    assert WorkShift.objects.get(work_day__user=ben).end_datetime is None

    # 'Yes, still working': answered, and counted as activity (the next question comes an hour later).
    prompt = prompt_of(client_for(ben))
    answer = client_for(ben).post(
        f"/api/work/shift_prompt/{prompt['id']}/answer/", {"answer": "still_working"}, format="json"
    )
    assert answer.status_code == 200 and answer.json() == {"prompt": None}
    assert selectors.last_activity(user_id=ben.pk) == at(10)
    clock.set(at(10, 59))
    assert shift_guardian() == 0
    clock.set(at(11))
    assert shift_guardian() == 1
    assert ShiftPrompt.objects.filter(user=ben).count() == 2


def test_leaving_the_office_closes_the_question(ben, clock, client_for, live_events):
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    activity.mark_active(user_id=ben.pk)
    clock.set(at(9))
    shift_guardian()
    services.leave_office(user=ben)
    assert prompt_of(client_for(ben)) is None  # it waits for nothing
    clock.set(at(9, 30))
    with live_events.capture():
        assert shift_guardian() == 1
    assert ShiftPrompt.objects.get(user=ben).state == PromptState.CLOSED
    _, message = live_events.one(events.SHIFT_PROMPT_CHANGED.name)
    assert message["meta"] == {"prompt_id": ShiftPrompt.objects.get(user=ben).pk, "state": "closed"}


def test_members_never_seen_are_judged_by_their_schedule_only(ben, clock):
    clock.set(at(8))
    services.status_change(user=ben, status="working")  # through the API only: no heartbeat ever
    clock.set(at(20))
    assert shift_guardian() == 0


def test_the_workspace_settings(ben, client_for):
    admin = UserFactory(workspace=ben.workspace, workspace_role="ADMIN")
    client = client_for(admin)
    answer = client.get("/api/workspace/settings/").json()
    assert {name: answer[name] for name in answer if name.startswith("guardian_")} == {
        "guardian_policy": "propose",
        "guardian_overrun_minutes": 60,
        "guardian_quiet_minutes": 60,
        "guardian_answer_minutes": 30,
    }
    bad = client.patch(
        "/api/workspace/settings/", {"guardian_policy": "ignore", "guardian_quiet_minutes": 1}, format="json"
    )
    assert bad.status_code == 400 and set(bad.json()) == {"guardian_policy", "guardian_quiet_minutes"}
    done = client.patch(
        "/api/workspace/settings/", {"guardian_policy": "apply", "guardian_answer_minutes": 15}, format="json"
    )
    assert done.status_code == 200 and done.json()["guardian_policy"] == "apply"
    ben.workspace.refresh_from_db()
    assert (ben.workspace.guardian_policy, ben.workspace.guardian_answer_minutes) == ("apply", 15)
    assert (
        client_for(ben)
        .patch("/api/workspace/settings/", {"guardian_policy": "apply"}, format="json")
        .status_code
        == 403
    )


def test_off_asks_nothing_and_acts_on_nothing(ben, clock):
    ben.workspace.guardian_policy = GuardianPolicy.OFF
    ben.workspace.save()
    # Past the schedule and quiet for hours: either would be asked about in another workspace.
    WorkShiftSchedule.objects.create(
        user=ben, start_datetime=at(8), end_datetime=at(16), work_time_seconds=28800
    )
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    activity.mark_active(user_id=ben.pk)
    clock.set(at(20))
    assert shift_guardian() == 0
    assert not ShiftPrompt.objects.filter(user=ben).exists() and texts(ben) == [] and mail.outbox == []
    assert WorkShift.objects.get(work_day__user=ben).end_datetime is None


def test_turning_it_off_withdraws_the_open_questions_and_the_dialogs_go_away(
    ben, clock, client_for, live_events
):
    admin = UserFactory(workspace=ben.workspace, workspace_role="ADMIN")
    cy, stranger = UserFactory(workspace=ben.workspace), UserFactory()
    for user in (ben, cy, stranger):
        clock.set(at(8))
        services.status_change(user=user, status="working")
        activity.mark_active(user_id=user.pk)
    clock.set(at(9))
    assert shift_guardian() == 3  # each is asked 'Still working?'
    clock.set(at(9, 30))
    assert shift_guardian() == 3  # no answer: the end is proposed to each
    prompts = {user: ShiftPrompt.objects.get(user=user) for user in (ben, cy, stranger)}
    clock.set(at(9, 40))
    with live_events.capture():
        answer = client_for(admin).patch(
            "/api/workspace/settings/", {"guardian_policy": "off"}, format="json"
        )
    assert answer.status_code == 200 and answer.json()["guardian_policy"] == "off"
    for user in (ben, cy):
        prompts[user].refresh_from_db()
        assert (prompts[user].state, prompts[user].answered_at) == (PromptState.WITHDRAWN, at(9, 40))
        assert prompt_of(client_for(user)) is None
    assert prompt_of(client_for(stranger))["state"] == "proposed"  # another workspace's stays
    # Each member's own sockets hear it (their dialog reads the prompt again: none); nobody else.
    changed = live_events.named(events.SHIFT_PROMPT_CHANGED.name)
    assert sorted(message["meta"]["prompt_id"] for _, message in changed) == sorted(
        prompts[user].pk for user in (ben, cy)
    )
    for groups, message in changed:
        assert message["meta"]["state"] == "withdrawn"
        owner = ben if message["meta"]["prompt_id"] == prompts[ben].pk else cy
        assert [user for user in (ben, cy, admin, stranger) if live_events.reaches(groups, user)] == [owner]
    # Nothing is ended, nothing more is asked; the shifts run on.
    clock.set(at(12))
    assert shift_guardian() == 0  # (the other workspace's proposal waits for its member)
    assert not WorkShift.objects.filter(work_day__user__in=[ben, cy], end_datetime__isnull=False).exists()
    assert ShiftPrompt.objects.filter(user__in=[ben, cy]).count() == 2
    # Saving 'off' again withdraws nothing more and says nothing.
    with live_events.capture():
        client_for(admin).patch("/api/workspace/settings/", {"guardian_policy": "off"}, format="json")
    assert live_events.named(events.SHIFT_PROMPT_CHANGED.name) == changed

    # Back on: asked again after the quiet time, as before.
    assert (
        client_for(admin)
        .patch("/api/workspace/settings/", {"guardian_policy": "propose"}, format="json")
        .json()["guardian_policy"]
        == "propose"
    )
    clock.set(at(12, 1))
    assert shift_guardian() == 2
    assert prompt_of(client_for(ben))["state"] == "asked"


def test_an_automatic_end_stays_offered_for_undo_when_it_is_turned_off(ben, clock, client_for):
    admin = UserFactory(workspace=ben.workspace, workspace_role="ADMIN")
    ben.workspace.guardian_policy = GuardianPolicy.APPLY
    ben.workspace.save()
    clock.set(at(8))
    services.status_change(user=ben, status="working")
    activity.mark_active(user_id=ben.pk)
    clock.set(at(9))
    shift_guardian()
    clock.set(at(9, 30))
    assert shift_guardian() == 1
    assert prompt_of(client_for(ben))["state"] == "applied"
    client_for(admin).patch("/api/workspace/settings/", {"guardian_policy": "off"}, format="json")
    prompt = prompt_of(client_for(ben))
    assert prompt["state"] == "applied" and prompt["policy"] == "off"
    done = client_for(ben).post(
        f"/api/work/shift_prompt/{prompt['id']}/answer/",
        {"answer": "undo", "reason": "I was on a call"},
        format="json",
    )
    assert done.status_code == 200 and done.json() == {"prompt": None}
    assert WorkShift.objects.get(work_day__user=ben).end_datetime == at(9, 30)
