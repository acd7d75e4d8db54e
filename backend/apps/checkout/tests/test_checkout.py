"""The checkout (issue 12): each check on crafted days, dismissing and read logs, who reads a
checkout (observers and team-page owners, everyone else 404), notes only today and only by the
owner, leaving the office through the checks, the day statuses and their query counts."""

import datetime as dt
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.checkout import checks, selectors, services
from apps.checkout.models import CheckoutCheckConfig, CheckoutCheckStatus, CheckoutReadLog
from apps.projects.models import TaskTime, UserTask
from apps.projects.services import activities
from apps.work.models import WorkDay, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

MISSING = "Activity Details for some tasks are missing."
NOTE = json.dumps(
    {
        "blocks": [
            {
                "key": "a1",
                "text": "Shipped the login",
                "type": "unstyled",
                "inlineStyleRanges": [],
                "entityRanges": [],
                "depth": 0,
                "data": {},
            }
        ],
        "entityMap": {},
    }
)


def worked_day(user, clock, hours: int = 3) -> WorkDay:
    """`hours` of work today (the clock's date), still in the office."""
    status_services.status_change(user=user, status="working")
    clock.advance(hours=hours)
    return WorkDay.objects.get(user=user, work_date=clock.current.date())


def put_time(user, task, day, seconds: int) -> None:
    TaskTime.objects.create(
        user=user, task=task, work_day=day, project=task.task_list.parent_project, seconds_worked=seconds
    )


def results(day) -> dict[str, CheckoutCheckStatus]:
    return {
        s.checkout_check: s
        for s in checks.run_checks(work_day=WorkDay.objects.select_related("user").get(pk=day.pk))
    }


def plan_next_day(user) -> None:
    task = UserTask.objects.filter(user=user).first()
    if task is None:
        raise AssertionError("no task to plan")
    UserTask.objects.filter(pk=task.pk).update(next_shift_yn=True)


# --- each check on crafted days ----------------------------------------------------------------


def test_activity_details_fails_for_a_task_with_time_and_no_submitted_activity(team, clock):
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 3600)
    put_time(team.ben, team.other_task, day, 1800)
    activities.activity_create(
        user=team.ben, task=team.other_task, text_json={"section_text": "Reviewed"}, submit=True
    )
    activities.activity_create(user=team.ben, task=team.task, text_json={"section_text": "draft"})  # a draft
    status = results(day)["activity_details"]
    assert status.passed_yn is False and status.critical_yn is True
    assert status.n_checkout_items == 1
    assert status.issue_json["checkout_failed_message"] == MISSING
    assert [t["task_id"] for t in status.issue_json["tasks"]] == [team.task.pk]


def test_activity_details_passes_once_every_task_with_time_has_one(team, clock):
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 3600)
    assert results(day)["activity_details"].passed_yn is False
    activities.activity_create(
        user=team.ben, task=team.task, text_json={"section_text": "Did it"}, submit=True
    )
    assert results(day)["activity_details"].passed_yn is True


def test_an_activity_submitted_on_another_day_does_not_count(team, clock):
    activities.activity_create(user=team.ben, task=team.task, text_json={"section_text": "Old"}, submit=True)
    clock.advance(days=1)
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 600)
    assert results(day)["activity_details"].passed_yn is False


def test_unallocated_time_above_the_threshold_fails(team, clock):
    day = worked_day(team.ben, clock, hours=3)
    status = results(day)["unallocated_time"]
    assert status.passed_yn is False
    assert status.issue_json["unallocated_seconds"] == 3 * 3600
    assert status.issue_json["checkout_failed_message"] == "Unallocated time of 3h 00m is above 1h 00m."
    put_time(team.ben, team.task, day, 2 * 3600 + 1800)  # 30 minutes left unallocated
    assert results(day)["unallocated_time"].passed_yn is True


def test_the_threshold_is_the_workspaces(team, clock):
    CheckoutCheckConfig.objects.create(
        workspace=team.workspace,
        checkout_check="unallocated_time",
        threshold_seconds=4 * 3600,
        critical_yn=True,
    )
    day = worked_day(team.ben, clock, hours=3)
    status = results(day)["unallocated_time"]
    assert status.passed_yn is True and status.critical_yn is True


def test_empty_checkout_note_fails_and_a_written_one_passes(team, clock):
    day = worked_day(team.ben, clock)
    assert results(day)["checkout_note"].passed_yn is False
    day.checkout_notes = json.dumps({"blocks": [{"text": "  "}], "entityMap": {}})
    day.save()
    assert results(day)["checkout_note"].passed_yn is False
    day.checkout_notes = NOTE
    day.save()
    assert results(day)["checkout_note"].passed_yn is True
    day.checkout_notes = "plain text counts too"
    day.save()
    assert results(day)["checkout_note"].passed_yn is True


def test_nothing_planned_for_the_next_workday_fails_until_a_task_or_a_session_is_planned(team, clock):
    day = worked_day(team.ben, clock)
    assert results(day)["next_workday_plan"].passed_yn is False
    WorkShiftSchedule.objects.create(
        user=team.ben,
        start_datetime=clock.current + dt.timedelta(days=1),
        end_datetime=clock.current + dt.timedelta(days=1, hours=4),
    )
    assert results(day)["next_workday_plan"].passed_yn is True
    WorkShiftSchedule.objects.all().delete()
    UserTask.objects.create(task=team.task, user=team.ben, next_shift_yn=True)
    assert results(day)["next_workday_plan"].passed_yn is True


def test_a_check_switched_off_does_not_run_and_leaves_the_day(team, clock):
    day = worked_day(team.ben, clock)
    assert "checkout_note" in results(day)
    CheckoutCheckConfig.objects.create(
        workspace=team.workspace, checkout_check="checkout_note", enabled_yn=False
    )
    assert "checkout_note" not in results(day)
    assert not CheckoutCheckStatus.objects.filter(work_day=day, checkout_check="checkout_note").exists()


def test_only_admins_configure_the_checks(team):
    body = {"checkout_check": "checkout_note", "critical_yn": True}
    assert (
        team.clients["ben"].patch("/api/work/checkout_check_config/", body, format="json").status_code == 403
    )
    answer = team.clients["adam"].patch("/api/work/checkout_check_config/", body, format="json")
    assert answer.status_code == 200
    note = next(r for r in answer.json() if r["checkout_check"] == "checkout_note")
    assert note["critical_yn"] is True
    read = team.clients["ben"].get("/api/work/checkout_check_config/").json()
    assert next(r for r in read if r["checkout_check"] == "checkout_note")["critical_yn"] is True
    assert team.clients["sam"].get("/api/work/checkout_check_config/").json()[2]["critical_yn"] is False


# --- the run call, statuses, dismissing ---------------------------------------------------------


def test_run_checks_call_answers_the_statuses(team, clock):
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 600)
    answer = team.clients["ben"].get(
        f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/?work_date={day.work_date}"
    )
    assert answer.status_code == 200
    by_check = {r["checkout_check"]: r for r in answer.json()}
    assert by_check["activity_details"]["checkout_failed_message"] == MISSING
    assert by_check["activity_details"]["passed_yn"] is False


def test_run_checks_refuses_a_future_date_and_answers_empty_without_a_work_day(team, clock):
    client = team.clients["ben"]
    future = client.get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/?work_date=2026-03-11")
    assert future.status_code == 400
    assert future.json()["work_date"] == ["The checkout date cannot be in the future."]
    empty = client.get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/?work_date=2026-03-01")
    assert empty.status_code == 200 and empty.json() == []


def test_status_list_filters_and_dismiss(team, clock):
    day = worked_day(team.ben, clock)
    results(day)
    client = team.clients["ben"]
    failed = client.get(
        f"/api/work/checkout_check_status/?passed_yn=false&message_dismissed_yn=false&work_date={day.work_date}"
    ).json()
    assert {r["checkout_check"] for r in failed} == {"unallocated_time", "checkout_note", "next_workday_plan"}
    target = failed[0]["id"]
    answer = client.patch(
        f"/api/work/checkout_check_status/{target}/", {"message_dismissed_yn": True}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["message_dismissed_yn"] is True
    left = client.get("/api/work/checkout_check_status/?passed_yn=false&message_dismissed_yn=false").json()
    assert target not in [r["id"] for r in left] and len(left) == 2


def test_a_dismissed_message_stays_dismissed_while_the_result_is_the_same(team, clock):
    day = worked_day(team.ben, clock)
    status = results(day)["checkout_note"]
    services.dismiss(status=status, actor=team.ben)
    assert results(day)["checkout_note"].message_dismissed_yn is True


def test_only_the_owner_dismisses(team, clock):
    day = worked_day(team.ben, clock)
    status = results(day)["checkout_note"]
    body = {"message_dismissed_yn": True}
    assert (
        team.clients["ada"]
        .patch(f"/api/work/checkout_check_status/{status.pk}/", body, format="json")
        .status_code
        == 403
    )
    assert (
        team.clients["zoe"]
        .patch(f"/api/work/checkout_check_status/{status.pk}/", body, format="json")
        .status_code
        == 404
    )
    assert (
        team.clients["sam"]
        .patch(f"/api/work/checkout_check_status/{status.pk}/", body, format="json")
        .status_code
        == 404
    )
    status.refresh_from_db()
    assert status.message_dismissed_yn is False


def test_dismiss_all_dismisses_earlier_days_of_one_type_or_all(team, clock):
    day = worked_day(team.ben, clock)
    results(day)
    clock.advance(days=1)
    client = team.clients["ben"]
    assert client.post(
        "/api/work/checkout_check_status/dismiss_all/", {"checkout_check": "checkout_note"}, format="json"
    ).json() == {"dismissed": 1}
    assert client.post("/api/work/checkout_check_status/dismiss_all/", {}, format="json").json() == {
        "dismissed": 2
    }
    assert not CheckoutCheckStatus.objects.filter(
        user=team.ben, passed_yn=False, message_dismissed_yn=False
    ).exists()


def test_dismiss_all_sticks_when_an_earlier_day_is_opened_again(team, clock):
    """Opening an earlier day reruns its checks; a result that changed since (the plan check reads
    today's flags) must not bring back what Dismiss all cleared. Today's new finding still shows."""
    day = worked_day(team.ben, clock)
    assert results(day)["next_workday_plan"].passed_yn is False
    clock.advance(days=1)
    client = team.clients["ben"]
    dismissed = client.post("/api/work/checkout_check_status/dismiss_all/", {}, format="json").json()
    assert dismissed["dismissed"] >= 1
    flag = UserTask.objects.create(task=team.task, user=team.ben, next_shift_yn=True)
    url = f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/?work_date={day.work_date}"
    assert client.get(url).status_code == 200
    flag.delete()
    assert client.get(url).status_code == 200
    plan = CheckoutCheckStatus.objects.get(work_day=day, checkout_check="next_workday_plan")
    assert plan.passed_yn is False
    left = client.get("/api/work/checkout_check_status/?passed_yn=false&message_dismissed_yn=false").json()
    assert [row for row in left if row["work_date"] == str(day.work_date)] == []


def test_on_the_current_day_a_new_finding_shows_again(team, clock):
    day = worked_day(team.ben, clock)
    status = results(day)["next_workday_plan"]
    services.dismiss(status=status, actor=team.ben)
    flag = UserTask.objects.create(task=team.task, user=team.ben, next_shift_yn=True)
    assert results(day)["next_workday_plan"].passed_yn is True
    flag.delete()
    assert results(day)["next_workday_plan"].message_dismissed_yn is False


# --- who reads a checkout -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reader", "code"), [("ben", 200), ("ada", 200), ("tina", 200), ("adam", 200), ("zoe", 404), ("sam", 404)]
)
def test_who_reads_a_checkout(team, clock, reader, code):
    day = worked_day(team.ben, clock)
    client = team.clients[reader]
    assert client.get(f"/api/work/work_day/{day.pk}/").status_code == code
    assert client.get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/").status_code == code
    assert client.get(f"/api/work/checkout_check_status/?user_id={team.ben.pk}").status_code == code
    assert client.get(f"/api/work/checkout_date_status/?user={team.ben.pk}").status_code == code


def test_a_reader_gets_the_stored_results_and_runs_them_only_when_there_are_none(team, clock):
    day = worked_day(team.ben, clock)
    client = team.clients["ada"]
    first = client.get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/").json()
    assert {r["checkout_check"] for r in first} == set(checks.DEFAULTS)
    day.checkout_notes = "written"
    day.save()
    again = {
        r["checkout_check"]: r
        for r in client.get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/").json()
    }
    assert again["checkout_note"]["passed_yn"] is False  # stored, not rerun by a reader
    own = {
        r["checkout_check"]: r
        for r in team.clients["ben"].get(f"/api/work/run_workspace_checkout_checks/{team.ben.pk}/").json()
    }
    assert own["checkout_note"]["passed_yn"] is True


def test_team_workdays_and_summary_leave_out_users_the_caller_may_not_read(team, clock):
    day = worked_day(team.ben, clock)
    day.checkout_notes = NOTE
    day.save()
    worked_day(team.zoe, clock)
    ids = f"{team.ben.pk},{team.zoe.pk}"
    ada = (
        team.clients["ada"]
        .get(f"/api/work/team_checkout_workdays/?user_ids={ids}&from_date=2026-03-01&to_date=2026-03-31")
        .json()
    )
    assert [d["user"] for d in ada["workdays"]] == [team.ben.pk]
    assert ada["workdays"][0]["read_yn"] is False
    sam = team.clients["sam"].get(f"/api/work/team_checkout_workdays/?user_ids={ids}").json()
    assert sam == {"workdays": [], "total_seconds_worked": 0}
    tina = (
        team.clients["tina"]
        .post(
            "/api/work/work_day/workday_summary/?from_date=2026-03-01&to_date=2026-03-31",
            {"user_ids": [team.ben.pk, team.zoe.pk, team.sam.pk]},
            format="json",
        )
        .json()
    )
    assert [r["user_id"] for r in tina] == [team.ben.pk, team.zoe.pk]
    assert tina[0]["checkout_read_status"] == "unread" and tina[1]["checkout_read_status"] == "none"
    assert tina[0]["checkout_check"] == "still_in_office"


# --- read logs ----------------------------------------------------------------------------------


def test_mark_read_makes_read_logs_for_readable_days_only(team, clock, live_events):
    ben_day = worked_day(team.ben, clock)
    zoe_day = worked_day(team.zoe, clock)
    with live_events.capture():
        answer = team.clients["ada"].post(
            "/api/work/checkout_check_status_log/mark_checkoutstatus_read_by_ids/",
            {"workday_ids": [ben_day.pk, zoe_day.pk]},
            format="json",
        )
    assert answer.status_code == 200 and answer.json() == {"workday_ids": [ben_day.pk]}
    assert list(CheckoutReadLog.objects.values_list("user_id", "work_day_id")) == [(team.ada.pk, ben_day.pk)]
    again = team.clients["ada"].post(
        "/api/work/checkout_check_status_log/mark_checkoutstatus_read_by_ids/",
        {"workday_ids": [ben_day.pk]},
        format="json",
    )
    assert again.status_code == 200 and CheckoutReadLog.objects.count() == 1
    summary = (
        team.clients["ada"]
        .post("/api/work/work_day/workday_summary/", {"user_ids": [team.ben.pk]}, format="json")
        .json()
    )
    assert summary[0]["checkout_read_status"] == "none"  # no note yet: nothing to read
    ben_day.checkout_notes = "Done"
    ben_day.save()
    summary = (
        team.clients["ada"]
        .post("/api/work/work_day/workday_summary/", {"user_ids": [team.ben.pk]}, format="json")
        .json()
    )
    assert summary[0]["checkout_read_status"] == "read"


def test_mark_read_of_another_workspace_marks_nothing(team, clock):
    day = worked_day(team.ben, clock)
    answer = team.clients["sam"].post(
        "/api/work/checkout_check_status_log/mark_checkoutstatus_read_by_ids/",
        {"workday_ids": [day.pk]},
        format="json",
    )
    assert answer.json() == {"workday_ids": []} and not CheckoutReadLog.objects.exists()


# --- notes ----------------------------------------------------------------------------------


def test_notes_are_written_by_the_owner_on_the_current_day_only(team, clock):
    today = worked_day(team.ben, clock)
    client = team.clients["ben"]
    saved = client.patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": NOTE}, format="json")
    assert saved.status_code == 200 and saved.json()["checkout_notes"] == NOTE
    assert (
        team.clients["ada"]
        .patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": "x"}, format="json")
        .status_code
        == 403
    )
    assert (
        team.clients["zoe"]
        .patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": "x"}, format="json")
        .status_code
        == 404
    )
    clock.advance(days=1)
    late = client.patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": "later"}, format="json")
    assert late.status_code == 400
    assert late.json() == {"checkout_notes": ["Notes cannot be edited for previous checkouts"]}
    today.refresh_from_db()
    assert today.checkout_notes == NOTE


def test_notes_must_be_a_draft_document_when_they_look_like_json(team, clock):
    today = worked_day(team.ben, clock)
    client = team.clients["ben"]
    for bad in ['{"blocks": 3}', "{not json", '{"blocks": [1], "entityMap": {}}']:
        answer = client.patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": bad}, format="json")
        assert answer.status_code == 400, bad
    assert (
        client.patch(
            f"/api/work/work_day/{today.pk}/", {"checkout_notes": "plain"}, format="json"
        ).status_code
        == 200
    )
    assert (
        client.patch(f"/api/work/work_day/{today.pk}/", {"checkout_notes": None}, format="json").status_code
        == 200
    )


# --- leaving through the checkout ----------------------------------------------------------


def test_leave_with_failing_checks_answers_them_and_stays(team, clock):
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 3 * 3600)
    client = team.clients["ben"]
    answer = client.post("/api/work/checkout/leave_office/", {}, format="json")
    assert answer.status_code == 409
    assert answer.json()["detail"] == MISSING
    assert {c["checkout_check"] for c in answer.json()["failed_checks"]} == {
        "activity_details",
        "checkout_note",
        "next_workday_plan",
    }
    assert client.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "working"
    anyway = client.post("/api/work/checkout/leave_office/", {"leave_anyway": True}, format="json")
    assert anyway.status_code == 200 and anyway.json()["left_yn"] is True
    assert client.get("/api/work/current_user_status/").json()["status_enum_identifier"] == "out_of_office"
    statuses = selectors.checkout_day_statuses(
        users=[team.ben], from_date=day.work_date, to_date=day.work_date
    )
    assert statuses[team.ben.pk][day.work_date] == "critical_failed"


def test_leave_with_every_check_passing_leaves_at_once(team, clock):
    day = worked_day(team.ben, clock)
    put_time(team.ben, team.task, day, 3 * 3600)
    activities.activity_create(user=team.ben, task=team.task, text_json={"section_text": "Done"}, submit=True)
    UserTask.objects.create(task=team.other_task, user=team.ben, next_shift_yn=True)
    team.clients["ben"].patch(f"/api/work/work_day/{day.pk}/", {"checkout_notes": NOTE}, format="json")
    answer = team.clients["ben"].post("/api/work/checkout/leave_office/", {}, format="json")
    assert answer.status_code == 200, answer.content
    assert all(c["passed_yn"] for c in answer.json()["checks"])
    statuses = selectors.checkout_day_statuses(
        users=[team.ben], from_date=day.work_date, to_date=day.work_date
    )
    assert statuses[team.ben.pk][day.work_date] == "passed"


# --- day statuses --------------------------------------------------------------------------


def test_day_statuses_name_every_kind_of_day(team, clock):
    first = worked_day(team.ben, clock)  # 2026-03-10
    put_time(team.ben, team.task, first, 3 * 3600)
    services.leave_office(user=team.ben, leave_anyway=True)  # critical failed
    clock.advance(days=1)
    second = worked_day(team.ben, clock)
    second.checkout_notes = "ok"
    second.save()
    services.leave_office(user=team.ben, leave_anyway=True)  # unallocated etc. fail: non-critical
    clock.advance(days=1)
    third = worked_day(team.ben, clock)  # still in the office
    WorkShiftSchedule.objects.create(
        user=team.ben,
        start_datetime=clock.current + dt.timedelta(days=2),
        end_datetime=clock.current + dt.timedelta(days=2, hours=1),
    )
    statuses = selectors.checkout_day_statuses(
        users=[team.ben, team.ada], from_date=first.work_date, to_date=first.work_date + dt.timedelta(days=5)
    )
    assert statuses[team.ada.pk] == {}
    assert statuses[team.ben.pk] == {
        first.work_date: "critical_failed",
        second.work_date: "non_critical_failed",
        third.work_date: "still_in_office",
        third.work_date + dt.timedelta(days=2): "working_or_plan_to_work",
    }


def test_the_work_time_table_shows_each_days_checkout_status_in_json_and_csv(team, clock):
    first = worked_day(team.ben, clock)
    put_time(team.ben, team.task, first, 3 * 3600)
    services.leave_office(user=team.ben, leave_anyway=True)  # critical failed
    clock.advance(days=1)
    second = worked_day(team.ben, clock)  # still in the office
    query = {"from_date": first.work_date, "to_date": second.work_date, "user_ids": team.ben.pk}
    reader = team.clients["ada"]  # observes Ben
    rows = reader.get("/api/work/worktime_table/", query).json()["rows"]
    assert [(r["date"], r["checkout_status"]) for r in rows] == [
        (first.work_date.isoformat(), "critical_failed"),
        (second.work_date.isoformat(), "still_in_office"),
    ]
    text = reader.get("/api/work/worktime_table/", {**query, "format": "csv"}).content.decode()
    header, *lines = [line.split(",") for line in text.strip().splitlines()]
    column = header.index("Checkout status")
    assert [line[column] for line in lines[:-1]] == ["critical failed", "still in office"]


def test_day_statuses_take_the_same_queries_for_more_users_and_days(team, clock):
    def count(users):
        with CaptureQueriesContext(connection) as queries:
            selectors.checkout_day_statuses(
                users=users, from_date=dt.date(2026, 3, 1), to_date=dt.date(2026, 3, 31)
            )
        return len(queries)

    worked_day(team.ben, clock)
    few = count([team.ben])
    for _ in range(3):
        someone = UserFactory(workspace=team.workspace)
        worked_day(someone, clock)
        services.leave_office(user=someone, leave_anyway=True)
    clock.advance(days=1)
    services.leave_office(user=team.ben, leave_anyway=True)
    many = count(list(type(team.ben).objects.filter(workspace=team.workspace)))
    assert few == many == 4


def test_status_list_and_summary_query_counts_do_not_grow(team, clock, django_assert_max_num_queries):
    for _ in range(3):
        day = worked_day(team.ben, clock)
        results(day)
        status_services.leave_office(user=team.ben)
        clock.advance(days=1)
    with django_assert_max_num_queries(6):
        team.clients["ben"].get("/api/work/checkout_check_status/")
    with django_assert_max_num_queries(14):
        team.clients["tina"].post(
            "/api/work/work_day/workday_summary/?from_date=2026-03-01&to_date=2026-03-31",
            {"user_ids": [team.ben.pk, team.ada.pk, team.zoe.pk]},
            format="json",
        )


# --- observers -----------------------------------------------------------------------------


def test_observable_users_and_observers(team, live_events):
    ada = team.clients["ada"]
    listed = ada.get("/api/accounts/me/observable_users/").json()
    assert [(r["id"], r["observed_user"]["id"], r["shown_yn"], r["starred_yn"]) for r in listed] == [
        (team.observation.pk, team.ben.pk, True, False)
    ]
    with live_events.capture():
        answer = ada.patch(
            f"/api/accounts/me/observable_users/{team.observation.pk}/", {"starred_yn": True}, format="json"
        )
    assert answer.status_code == 200 and answer.json()["starred_yn"] is True
    assert (
        team.clients["ben"]
        .patch(
            f"/api/accounts/me/observable_users/{team.observation.pk}/", {"starred_yn": False}, format="json"
        )
        .status_code
        == 404
    )
    assert (
        team.clients["sam"]
        .patch(
            f"/api/accounts/me/observable_users/{team.observation.pk}/", {"shown_yn": False}, format="json"
        )
        .status_code
        == 404
    )
    observers = team.clients["ben"].get("/api/accounts/me/observers/").json()
    assert [r["observer_user"]["id"] for r in observers] == [team.ada.pk]
    assert team.clients["zoe"].get("/api/accounts/me/observers/").json() == []


def test_an_observation_across_workspaces_gives_nothing(team, clock):
    Observation.objects.create(observer=team.sam, observed_user=team.ben)
    day = worked_day(team.ben, clock)
    assert team.clients["sam"].get("/api/accounts/me/observable_users/").json() == []
    assert team.clients["sam"].get(f"/api/work/work_day/{day.pk}/").status_code == 404
