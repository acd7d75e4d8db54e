"""The work-time table against hand-computed days: a DST day, a shift across midnight, filled
dates, schedules, totals; the CSV carries the same numbers in the viewer's timezone; who may read
it; query counts fixed as the days grow."""

import csv
import datetime as dt
import io

import pytest

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.reports.worktime_table import hms
from apps.timeaccount.models import AccountStart
from apps.timeaccount.tests.factories import WorkPatternFactory, WorkspaceHolidayFactory
from apps.work.models import WorkDay, WorkShift, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

URL = "/api/work/worktime_table/"
UTC = dt.UTC
LISBON = "Europe/Lisbon"  # clocks go forward on 2026-03-29 at 01:00 (UTC+0 -> UTC+1)


def utc(m, d, h, mi=0):
    return dt.datetime(2026, m, d, h, mi, tzinfo=UTC)


@pytest.fixture
def ben(auth_client, clock):
    clock.set(utc(4, 2, 12))
    auth_client.user.timezone = LISBON
    auth_client.user.display_name = "Ben"
    auth_client.user.save()
    user = auth_client.user
    # 2026-03-28, 22:00 local (UTC+0) to 03:00 local on the 29th (the clocks jump at 01:00):
    # crosses midnight and the change, 4 h of work, not 5.
    status_services.record_shift(
        user=user,
        segments=[("working", utc(3, 28, 22), utc(3, 29, 0)), ("working", utc(3, 29, 0), utc(3, 29, 2))],
    )
    # 2026-03-29 (23-hour day): 09:00-13:00 local is 08:00-12:00 UTC with a 30 min break.
    status_services.record_shift(
        user=user,
        segments=[
            ("working", utc(3, 29, 8), utc(3, 29, 10)),
            ("taking_break", utc(3, 29, 10), utc(3, 29, 10, 30)),
            ("working", utc(3, 29, 10, 30), utc(3, 29, 12)),
        ],
    )
    # A manual shift on the 31st, 14:00-15:00 local.
    status_services.record_shift(
        user=user, segments=[("working", utc(3, 31, 13), utc(3, 31, 14))], manual=True
    )
    WorkShiftSchedule.objects.create(
        user=user, start_datetime=utc(3, 29, 8), end_datetime=utc(3, 29, 16), work_time_seconds=8 * 3600
    )
    WorkDay.objects.filter(user=user, work_date=dt.date(2026, 3, 29)).update(checkout_notes="Shipped")
    return auth_client


def test_rows_and_totals_by_hand(ben):
    body = ben.get(URL, {"from_date": "2026-03-28", "to_date": "2026-03-31"}).json()
    assert [r["date"] for r in body["rows"]] == ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]
    night, dst_day, empty, manual = body["rows"]
    # The night shift belongs to the 28th, whole: 4 hours.
    assert [(s["office_hours_in_seconds"], s["break_in_seconds"]) for s in night["shifts"]] == [(4 * 3600, 0)]
    assert night["work_hours"]["total_seconds"] == 4 * 3600
    # The DST day: 3.5 h of work, 4 h in the office, the 8 h schedule.
    (shift,) = dst_day["shifts"]
    assert (shift["office_hours_in_seconds"], shift["break_in_seconds"]) == (4 * 3600, 1800)
    assert dst_day["work_hours"] == {"total_seconds": 3 * 3600 + 1800, "notes": "Shipped"}
    assert [s["total_seconds"] for s in dst_day["schedules"]] == [8 * 3600]
    # A missing date is an empty row.
    assert empty["shifts"] == [] and empty["work_day"] is None and empty["work_hours"]["total_seconds"] == 0
    # The manual shift's work is manual (tracked, level 100).
    assert manual["shifts"][0]["manual_work_shift_yn"] is True
    assert manual["tracked"] == {
        "total_seconds": 3600,
        "total_seconds_manually": 3600,
        "added_manually": True,
        "tracked_level_percentage": 100,
    }
    assert body["totals"] == {
        "total_allocated_time_in_seconds": 0,
        "total_office_hours_in_seconds": 9 * 3600,
        "total_break_in_seconds": 1800,
        "total_scheduled_in_seconds": 8 * 3600,
        "total_tracked_in_seconds": 3600,
        "total_tracked_level_percentage": 12,  # 1 h of 8.5 h
        "total_work_hours_in_seconds": 8 * 3600 + 1800,
        "total_expected_in_seconds": 0,  # no work pattern: no target
        "total_difference_in_seconds": 8 * 3600 + 1800,
        "total_time_off_in_seconds": 0,
    }


def parse(text):
    return list(csv.reader(io.StringIO(text)))


def test_csv_equals_the_json_in_the_viewers_timezone(ben):
    query = {"from_date": "2026-03-28", "to_date": "2026-03-31"}
    body = ben.get(URL, query).json()
    by_accept = ben.get(URL, query, HTTP_ACCEPT="text/csv")
    by_format = ben.get(URL, {**query, "format": "csv"})
    assert by_accept.status_code == by_format.status_code == 200
    assert by_accept["Content-Type"].startswith("text/csv")
    assert "attachment" in by_accept["Content-Disposition"]
    assert by_accept.content == by_format.content
    lines = parse(by_accept.content.decode())
    header, *rows, total = lines
    assert header[:4] == ["Date", "Member", "Shift start", "Shift end"]
    # Times in Lisbon: winter offset before the change, summer after it.
    assert rows[0][:4] == ["2026-03-28", "Ben", "2026-03-28T22:00+00:00", "2026-03-29T03:00+01:00"]
    assert rows[1][2:4] == ["2026-03-29T09:00+01:00", "2026-03-29T13:00+01:00"]
    assert rows[2][:3] == ["2026-03-30", "Ben", ""]
    # Each column adds up to the JSON's totals, and the totals line says the same.
    totals = body["totals"]
    col = {name: n for n, name in enumerate(header)}

    def seconds(text):
        if not text:
            return 0
        h, m, s = (int(x) for x in text.split(":"))
        return h * 3600 + m * 60 + s

    for name, key in [
        ("Office hours", "total_office_hours_in_seconds"),
        ("Break", "total_break_in_seconds"),
        ("Allocated", "total_allocated_time_in_seconds"),
        ("Tracked", "total_tracked_in_seconds"),
        ("Work hours", "total_work_hours_in_seconds"),
        ("Scheduled", "total_scheduled_in_seconds"),
        ("Expected", "total_expected_in_seconds"),
    ]:
        assert sum(seconds(r[col[name]]) for r in rows) == totals[key], name
        assert total[col[name]] == hms(totals[key])
    assert total[0] == "Total" and total[col["Tracked level"]] == "12%"


def test_csv_cells_never_run_as_formulas(ben):
    """A member's display name and shift note reach the admin's spreadsheet as text."""
    ben.user.display_name = '=1+HYPERLINK("http://evil.example","x")'
    ben.user.save()
    WorkShift.objects.filter(work_day__user=ben.user, start_datetime=utc(3, 29, 8)).update(
        work_shift_notes="\t=2+5+cmd|' /C calc'!A0"
    )
    text = ben.get(
        URL, {"from_date": "2026-03-29", "to_date": "2026-03-29", "format": "csv"}
    ).content.decode()
    _header, row, _total = parse(text)
    assert row[1] == '\'=1+HYPERLINK("http://evil.example","x")'
    assert row[-1] == "'\t=2+5+cmd|' /C calc'!A0"


def test_the_viewer_in_another_zone_reads_times_in_their_own(ben, client_for):
    viewer = UserFactory(
        workspace=ben.user.workspace, timezone="America/New_York", team_page_access_granted_yn=True
    )
    text = client_for(viewer).get(
        URL, {"from_date": "2026-03-29", "to_date": "2026-03-29", "user_ids": ben.user.pk, "format": "csv"}
    )
    rows = parse(text.content.decode())
    assert rows[1][2:4] == ["2026-03-29T04:00-04:00", "2026-03-29T08:00-04:00"]


def test_group_by_member_and_several_users(ben, client_for):
    other = UserFactory(workspace=ben.user.workspace, display_name="Ada")
    Observation.objects.create(observer=ben.user, observed_user=other)
    query = {"from_date": "2026-03-28", "to_date": "2026-03-29", "user_ids": f"{ben.user.pk},{other.pk}"}
    by_date = ben.get(URL, query).json()
    assert [(r["date"], r["user"]) for r in by_date["rows"]] == [
        ("2026-03-28", ben.user.pk),
        ("2026-03-28", other.pk),
        ("2026-03-29", ben.user.pk),
        ("2026-03-29", other.pk),
    ]
    by_member = ben.get(URL, {**query, "group_by": "member"}).json()
    assert [r["user"] for r in by_member["rows"]] == [ben.user.pk, ben.user.pk, other.pk, other.pk]
    assert [u["display_name"] for u in by_member["users"]] == ["Ben", "Ada"]


def test_users_say_whether_they_have_a_tracker(ben, client_for):
    other = UserFactory(
        workspace=ben.user.workspace,
        external_tracker_config_json={"provider": "toggl", "api_token": "t", "workspace_id": "1"},
    )
    Observation.objects.create(observer=ben.user, observed_user=other)
    query = {"from_date": "2026-03-29", "to_date": "2026-03-29", "user_ids": f"{ben.user.pk},{other.pk}"}
    users = {u["id"]: u["has_tracker"] for u in ben.get(URL, query).json()["users"]}
    assert users == {ben.user.pk: False, other.pk: True}


def test_who_may_read(ben, client_for):
    colleague = UserFactory(workspace=ben.user.workspace)
    stranger = UserFactory()
    query = {"user_ids": ben.user.pk, "from_date": "2026-03-28", "to_date": "2026-03-29"}
    assert client_for(colleague).get(URL, query).status_code == 404
    assert client_for(stranger).get(URL, query).status_code == 404
    assert client_for(stranger).get(URL, {**query, "format": "csv"}).status_code == 404
    Observation.objects.create(observer=colleague, observed_user=ben.user)
    assert client_for(colleague).get(URL, query).status_code == 200


def test_bad_input(ben):
    assert ben.get(URL, {"from_date": "2026-03-29", "to_date": "2026-03-28"}).status_code == 400
    assert ben.get(URL, {"from_date": "2026-01-01", "to_date": "2026-06-30"}).status_code == 400
    assert ben.get(URL, {"group_by": "weekday"}).json() == {"group_by": ["Choose date or member."]}
    assert ben.get(URL, {"user_ids": "x"}).status_code == 400


def test_query_count_does_not_grow_with_days(ben, django_assert_num_queries):
    query = {"from_date": "2026-03-01", "to_date": "2026-03-31"}
    ben.get(URL, query)  # the device's first request: its token is a cache hit from now on
    # users, work days, shifts, task time, schedules; the checkout's day statuses (work days,
    # check results, open shifts, schedules: apps.checkout.selectors.checkout_day_statuses); the
    # working-time account's patterns, holiday regions, workspace holidays, start dates, time off
    # and the workspace's rules
    with django_assert_num_queries(16) as first:
        ben.get(URL, query)
    for day in range(2, 20):
        status_services.record_shift(user=ben.user, segments=[("working", utc(3, day, 9), utc(3, day, 10))])
    with django_assert_num_queries(len(first.captured_queries)):
        ben.get(URL, query)


def test_expected_and_difference_with_a_pattern_and_a_holiday(ben):
    """Expected comes from the working-time account: the pattern in force, 0 on a holiday."""
    AccountStart.objects.create(user=ben.user, start_date=dt.date(2026, 1, 1))
    WorkPatternFactory(workspace=ben.user.workspace, valid_from=dt.date(2026, 1, 1))
    WorkspaceHolidayFactory(workspace=ben.user.workspace, date=dt.date(2026, 3, 3), name="Team day")
    body = ben.get(URL, {"from_date": "2026-03-02", "to_date": "2026-03-08"}).json()
    by_date = {r["date"]: r for r in body["rows"]}
    plain = {"holiday_work_flagged": False, "time_off": [], "time_off_seconds": 0}
    assert by_date["2026-03-02"]["expected"] == {"total_seconds": 8 * 3600, "holiday": None, **plain}
    assert by_date["2026-03-03"]["expected"] == {"total_seconds": 0, "holiday": "Team day", **plain}
    assert by_date["2026-03-07"]["expected"]["total_seconds"] == 0  # Saturday
    assert body["totals"]["total_expected_in_seconds"] == 4 * 8 * 3600
    assert body["totals"]["total_difference_in_seconds"] == sum(r["difference_seconds"] for r in body["rows"])
    for row in body["rows"]:
        assert (
            row["difference_seconds"] == row["work_hours"]["total_seconds"] - row["expected"]["total_seconds"]
        )


def test_time_off_and_flagged_holiday_work_on_their_days_in_totals_and_csv(ben):
    """Approved time off shows on its days (its type, a half day said) and lowers the target by
    what it covers; with the workspace's flag, work on a holiday is flagged on its day."""
    from apps.timeaccount import services as timeaccount_services
    from apps.timeaccount.tests.factories import TimeOffRequestFactory, TimeOffTypeFactory

    workspace = ben.user.workspace
    AccountStart.objects.create(user=ben.user, start_date=dt.date(2026, 1, 1))
    WorkPatternFactory(workspace=workspace, valid_from=dt.date(2026, 1, 1))
    WorkspaceHolidayFactory(workspace=workspace, date=dt.date(2026, 3, 3), name="Team day")
    sick = TimeOffTypeFactory(workspace=workspace, name="Sick", color="#faad14")
    TimeOffRequestFactory(
        user=ben.user, type=sick, start_date=dt.date(2026, 3, 4), end_date=dt.date(2026, 3, 5)
    )
    TimeOffRequestFactory(
        user=ben.user, type=sick, start_date=dt.date(2026, 3, 6), end_date=dt.date(2026, 3, 6), half_day=True
    )
    TimeOffRequestFactory(
        user=ben.user,
        type=sick,
        start_date=dt.date(2026, 3, 2),
        end_date=dt.date(2026, 3, 2),
        status="pending",
    )
    status_services.record_shift(user=ben.user, segments=[("working", utc(3, 3, 9), utc(3, 3, 11))])
    query = {"from_date": "2026-03-02", "to_date": "2026-03-08"}
    by_date = {r["date"]: r for r in ben.get(URL, query).json()["rows"]}
    assert by_date["2026-03-03"]["expected"]["holiday_work_flagged"] is False  # counts normally
    timeaccount_services.rules_set(
        workspace_id=workspace.pk, year_end="carry_all", cap_seconds=None, holiday_work="flagged"
    )
    body = ben.get(URL, query).json()
    by_date = {r["date"]: r for r in body["rows"]}
    assert by_date["2026-03-02"]["expected"]["time_off"] == []  # pending: not shown, not counted
    assert by_date["2026-03-03"]["expected"]["holiday_work_flagged"] is True
    assert by_date["2026-03-03"]["difference_seconds"] == 2 * 3600  # flagged, and counted
    whole = {"name": "Sick", "color": "#faad14", "half_day": False}
    assert by_date["2026-03-04"]["expected"] == {
        "total_seconds": 0,
        "holiday": None,
        "holiday_work_flagged": False,
        "time_off": [whole],
        "time_off_seconds": 8 * 3600,
    }
    assert by_date["2026-03-06"]["expected"]["time_off"] == [{**whole, "half_day": True}]
    assert by_date["2026-03-06"]["expected"]["total_seconds"] == 4 * 3600
    assert body["totals"]["total_time_off_in_seconds"] == 2 * 8 * 3600 + 4 * 3600
    assert body["totals"]["total_expected_in_seconds"] == 8 * 3600 + 4 * 3600  # Mon + half of Fri
    lines = parse(ben.get(URL, {**query, "format": "csv"}).content.decode())
    header = lines[0]
    off, note = header.index("Time off"), header.index("Holiday or time off")
    day_lines = {line[0]: line for line in lines[1:-1]}
    assert day_lines["2026-03-03"][note] == "Team day; worked on a holiday"
    assert (day_lines["2026-03-04"][off], day_lines["2026-03-04"][note]) == ("8:00:00", "Sick")
    assert day_lines["2026-03-06"][note] == "Sick (half day)"
    assert lines[-1][off] == "20:00:00"
