import datetime as dt

import pytest
from django.db import connection

from apps.accounts.models import TeammatePin
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import timeutils
from apps.work import presence
from apps.work.models import StatusRecord, WorkShiftSchedule
from apps.work.services import status as services

pytestmark = pytest.mark.django_db

URL = "/api/accounts/teammates/"
UTC = dt.UTC


def names(client):
    return [row["display_name"] for row in client.get(URL).json()]


def test_every_teammate_field_with_live_presence(auth_client, clock):
    me = auth_client.user
    clock.set(dt.datetime(2026, 3, 10, 14, tzinfo=UTC))
    mate = UserFactory(workspace=me.workspace, display_name="Mo", timezone="America/Toronto", city="Toronto")
    clock.set(dt.datetime(2026, 3, 10, 13, tzinfo=UTC))
    services.status_change(user=mate, status="working")
    clock.advance(hours=2)
    services.leave_office(user=mate)
    WorkShiftSchedule.objects.create(
        user=mate,
        start_datetime=dt.datetime(2026, 3, 12, 13, tzinfo=UTC),
        end_datetime=dt.datetime(2026, 3, 12, 17, tzinfo=UTC),
        work_time_seconds=4 * 3600,
    )
    clock.advance(hours=1)
    row = next(r for r in auth_client.get(URL).json() if r["user"] == mate.pk)
    assert row == {
        "user": mate.pk,
        "avatar": None,
        "city": "Toronto",
        "country": "",
        "full_name": mate.full_name,
        "display_name": "Mo",
        "timezone": "America/Toronto",
        "utc_offset_minutes": -240,  # EDT since 8 March
        "role": "",
        "status": "out_of_office",
        "has_tracker": False,
        "today_starttime": "2026-03-10T13:00:00Z",
        "today_endtime": "2026-03-10T15:00:00Z",
        "next_workday": {
            "date": "2026-03-12",
            "start_datetime": "2026-03-12T13:00:00Z",
            "end_datetime": "2026-03-12T17:00:00Z",
            "work_time_seconds": 14400,
        },
        "pinned_yn": False,
        "left_the_office_today_yn": True,
        "is_self": False,
        "presence": None,
        "presence_since": None,
    }


def test_order_is_self_pinned_then_others_by_status_then_name(auth_client, client_for):
    me = auth_client.user
    me.display_name = "Zed"
    me.save()
    ws = me.workspace
    amy, bob, cat, dan = (UserFactory(workspace=ws, display_name=n) for n in ("amy", "Bob", "Cat", "dan"))
    UserFactory(display_name="Stranger")
    services.status_change(user=dan, status="working")
    services.status_change(user=cat, status="taking_break")
    assert names(auth_client) == ["Zed", "dan", "Cat", "amy", "Bob"]
    assert auth_client.post(f"{URL}{bob.pk}/pin/").status_code == 201
    assert auth_client.post(f"{URL}{bob.pk}/pin/").status_code == 201  # pinning twice is harmless
    assert names(auth_client) == ["Zed", "Bob", "dan", "Cat", "amy"]
    # pins belong to the viewer
    assert names(client_for(amy)) == ["amy", "dan", "Cat", "Bob", "Zed"]
    assert auth_client.delete(f"{URL}{bob.pk}/pin/").status_code == 204
    assert not TeammatePin.objects.exists()


def test_several_pins_keep_the_strips_order_among_themselves_and_carry_their_flags(auth_client):
    me = auth_client.user
    me.display_name = "Kim"
    me.save()
    ws = me.workspace
    amy, bob, cat, dan, eve = (
        UserFactory(workspace=ws, display_name=n) for n in ("amy", "Bob", "Cat", "dan", "Eve")
    )
    services.status_change(user=dan, status="working")
    services.status_change(user=cat, status="taking_break")
    services.status_change(user=eve, status="working")
    for pin in (amy, eve, cat):
        assert auth_client.post(f"{URL}{pin.pk}/pin/").status_code == 201
    rows = auth_client.get(URL).json()
    assert [(r["display_name"], r["pinned_yn"], r["is_self"]) for r in rows] == [
        ("Kim", False, True),
        ("Eve", True, False),  # pinned: working, then on a break, then out, as in the strip
        ("Cat", True, False),
        ("amy", True, False),
        ("dan", False, False),
        ("Bob", False, False),
    ]


def test_pin_rules(auth_client):
    assert auth_client.post(f"{URL}{auth_client.user.pk}/pin/").status_code == 400
    assert auth_client.post(f"{URL}{UserFactory().pk}/pin/").status_code == 404
    assert auth_client.delete(f"{URL}{UserFactory().pk}/pin/").status_code == 404


def test_teammates_keep_a_fixed_number_of_queries(auth_client, django_assert_num_queries):
    ws = auth_client.user.workspace

    def grow(count):
        for _ in range(count):
            mate = UserFactory(workspace=ws)
            services.status_change(user=mate, status="working")
            TeammatePin.objects.create(viewer=auth_client.user, teammate=mate)
            WorkShiftSchedule.objects.create(
                user=mate,
                start_datetime=dt.datetime.now(UTC) + dt.timedelta(days=1),
                end_datetime=dt.datetime.now(UTC) + dt.timedelta(days=1, hours=2),
            )

    grow(1)
    # The token, then the strip: users, open records + shifts, recent records + shifts, schedules
    # (the shared strip), then the viewer's pins. Inside the test's transaction no kept copy is
    # used (apps/work/tests/test_strip_stamps.py counts the kept read).
    with django_assert_num_queries(6):
        assert len(auth_client.get(URL).json()) == 2
    grow(8)
    with django_assert_num_queries(6):
        assert len(auth_client.get(URL).json()) == 10


def status_of(client, user) -> str:
    return next(row["status"] for row in client.get(URL).json() if row["user"] == user.pk)


def test_the_shared_strip_follows_every_write_it_shows(auth_client, client_for):
    me = auth_client.user
    mate = UserFactory(workspace=me.workspace, display_name="Mo")
    assert status_of(auth_client, mate) == "out_of_office"  # now cached
    services.status_change(user=mate, status="working")
    assert status_of(auth_client, mate) == "working"
    services.status_change(user=mate, status="taking_break")
    assert status_of(auth_client, mate) == "taking_break"
    mate.display_name = "Moe"
    mate.save()
    assert "Moe" in names(auth_client)
    mate.is_active = False
    mate.save()
    assert "Moe" not in names(auth_client)
    newcomer = UserFactory(workspace=me.workspace, display_name="Nia")
    assert "Nia" in names(auth_client)
    # Another member reads the same shared strip, with their own pins and self row.
    other = client_for(newcomer)
    TeammatePin.objects.create(viewer=me, teammate=newcomer)
    mine = {row["user"]: row for row in auth_client.get(URL).json()}
    theirs = {row["user"]: row for row in other.get(URL).json()}
    assert mine[newcomer.pk]["pinned_yn"] and not theirs[newcomer.pk]["pinned_yn"]
    assert mine[me.pk]["is_self"] and not theirs[me.pk]["is_self"]
    assert theirs[newcomer.pk]["is_self"] and not mine[newcomer.pk]["is_self"]


def test_an_invisible_member_sees_their_status_and_the_others_do_not(auth_client, client_for):
    me = auth_client.user
    me.allow_invisible_mode = True
    me.invisible_mode_yn = True
    me.save()
    services.status_change(user=me, status="working")
    mate = client_for(UserFactory(workspace=me.workspace))
    assert status_of(mate, me) == "out_of_office"  # the shared strip: hidden
    assert status_of(auth_client, me) == "working"  # their own row, from the same cache
    assert status_of(mate, me) == "out_of_office"


def test_time_alone_refreshes_the_strip_at_the_members_midnight(auth_client, clock):
    me = auth_client.user
    clock.set(dt.datetime(2026, 3, 10, 20, tzinfo=UTC))
    mate = UserFactory(workspace=me.workspace, timezone="UTC")
    services.status_change(user=mate, status="working")
    services.leave_office(user=mate)
    row = next(r for r in auth_client.get(URL).json() if r["user"] == mate.pk)
    assert row["left_the_office_today_yn"] is True
    clock.set(dt.datetime(2026, 3, 11, 8, tzinfo=UTC))  # a new day: nothing written since
    row = next(r for r in auth_client.get(URL).json() if r["user"] == mate.pk)
    assert row["left_the_office_today_yn"] is False and row["today_starttime"] is None


@pytest.mark.parametrize("server_side_cursors", [True, False], ids=["cursor", "no-cursor"])
def test_a_strip_read_a_few_records_at_a_time_gives_each_member_their_whole_historys_row(
    clock, monkeypatch, server_side_cursors
):
    """The strip reads the members' recent records a chunk at a time and holds one member's at
    once (presence._records_by_user). With chunks of two records, each member's row is still
    the one their whole history gives, through a server-side cursor or without one (behind a
    pooler in transaction mode: DB_DISABLE_SERVER_SIDE_CURSORS)."""
    monkeypatch.setattr(presence, "RECORDS_CHUNK", 2)
    monkeypatch.setitem(connection.settings_dict, "DISABLE_SERVER_SIDE_CURSORS", not server_side_cursors)
    workspace = WorkspaceFactory()
    zones = ("UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo", "UTC")
    idle, busy, night, gone, breaking = (UserFactory(workspace=workspace, timezone=zone) for zone in zones)
    clock.set(dt.datetime(2026, 3, 10, 5, tzinfo=UTC))  # 21:00 the day before in Los Angeles
    services.status_change(user=night, status="working")
    for user in (busy, gone, breaking):
        services.status_change(user=user, status="working")
    for _ in range(3):  # busy's records span several chunks
        clock.advance(minutes=40)
        services.status_change(user=busy, status="taking_break")
        clock.advance(minutes=10)
        services.status_change(user=busy, status="working")
    services.leave_office(user=gone)
    services.status_change(user=breaking, status="taking_break")
    clock.advance(hours=4)

    now = timeutils.now()
    rows = {row["user"]: row for row in presence.member_rows(workspace_id=workspace.pk, viewer=None, now=now)}
    assert StatusRecord.objects.filter(user=busy).count() > 2 * presence.RECORDS_CHUNK
    for user in (idle, busy, night, gone, breaking):
        history = (
            StatusRecord.objects.filter(user=user).select_related("work_shift").order_by("start_datetime")
        )
        whole = presence.presence(user=user, viewer=None, records=list(history), schedules=[], at=now)
        assert {key: rows[user.pk][key] for key in whole} == whole
    seen = {user: rows[user.pk]["status"] for user in (idle, busy, night, gone, breaking)}
    assert seen == {
        idle: "out_of_office",
        busy: "working",
        night: "working",
        gone: "out_of_office",
        breaking: "taking_break",
    }
    assert rows[gone.pk]["left_the_office_today_yn"] and not rows[busy.pk]["left_the_office_today_yn"]
