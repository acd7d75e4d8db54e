import datetime as dt

import pytest

from apps.accounts.models import TeammatePin
from apps.accounts.tests.factories import UserFactory
from apps.work.models import WorkShiftSchedule
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
    # The first read of the strip (the token is a cache hit): users, open records + shifts,
    # recent records + shifts, schedules (the shared strip), then the viewer's pins.
    with django_assert_num_queries(5):
        assert len(auth_client.get(URL).json()) == 2
    # The next read takes the shared strip from the cache: the pins.
    with django_assert_num_queries(1):
        assert len(auth_client.get(URL).json()) == 2
    grow(8)
    with django_assert_num_queries(5):
        assert len(auth_client.get(URL).json()) == 10
    with django_assert_num_queries(1):
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


def test_a_read_that_raced_with_a_write_never_serves_the_old_rows_afterwards(auth_client):
    from apps.work import strip

    me = auth_client.user
    mate = UserFactory(workspace=me.workspace)
    generation_before = strip.cache.get(strip._generation_key(me.workspace_id), 0)
    services.status_change(user=mate, status="working")  # bumps the generation
    # A read that started before the write stores what it read under the old generation...
    stale = [{**row, "status": "out_of_office"} for row in auth_client.get(URL).json()]
    from apps.core import timeutils

    bucket = int(timeutils.now().timestamp()) // strip.STRIP_SECONDS
    key = f"teammates:strip:{me.workspace_id}:{generation_before}:{bucket}:http://testserver/"
    strip.cache.set(key, strip._encoded(stale))
    # ...which no later read uses.
    assert status_of(auth_client, mate) == "working"


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


def test_readers_that_miss_together_wait_for_one_fill_instead_of_each_reading_the_workspace(monkeypatch):
    import threading

    from apps.work import strip

    computed = []

    def compute():
        computed.append(1)
        return [{"user": 1}]

    # Someone else is filling: this reader waits and takes their result without computing.
    strip.cache.add("k:filling", 1, timeout=5)
    threading.Timer(0.1, lambda: strip.cache.set("k", [{"user": 2}])).start()
    assert strip._shared("k", compute, render=list) == [{"user": 2}]
    assert computed == []
    # A filler that never finishes delays the reader by at most FILL_WAIT_SECONDS.
    monkeypatch.setattr(strip, "FILL_WAIT_SECONDS", 0.2)
    strip.cache.add("j:filling", 1, timeout=5)
    assert strip._shared("j", compute, render=list) == [{"user": 1}]
    assert computed == [1]


def test_while_another_reader_fills_a_new_time_bucket_a_process_answers_the_strip_it_keeps():
    import threading
    import time

    from apps.work import strip

    computed = []

    def compute():
        computed.append(1)
        return [{"user": 1}]

    strip._remember("bucket-1", [{"user": 0}])
    strip.cache.add("bucket-2:filling", 1, timeout=5)  # another reader fills the next bucket
    started = time.monotonic()
    try:
        assert strip._shared("bucket-2", compute, render=list, previous="bucket-1") == [{"user": 0}]
        assert computed == [] and time.monotonic() - started < strip.FILL_WAIT_SECONDS
        assert "bucket-2" not in strip._local  # not kept: the next read looks again
        # Without the previous strip (a write's new generation has none) a reader waits as before.
        strip.cache.add("other:filling", 1, timeout=5)
        threading.Timer(0.1, lambda: strip.cache.set("other", [{"user": 3}])).start()
        assert strip._shared("other", compute, render=list, previous="bucket-0") == [{"user": 3}]
        strip.cache.delete("bucket-2:filling")
        assert strip._shared("bucket-2", compute, render=list, previous="bucket-1") == [{"user": 1}]
        assert computed == [1]
    finally:
        for key in ("bucket-1", "bucket-2", "other"):
            strip._local.pop(key, None)


def test_a_process_reads_a_strip_from_the_cache_once_per_key(auth_client, client_for, monkeypatch):
    from apps.work import strip

    me = auth_client.user
    mate = UserFactory(workspace=me.workspace, display_name="Mo")
    fetched = []
    real_get = strip.cache.get

    def get(key, *args, **kwargs):
        fetched.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(strip.cache, "get", get)
    strips = lambda: [k for k in fetched if k.startswith("teammates:strip:")]  # noqa: E731
    assert status_of(auth_client, mate) == "out_of_office"
    assert len(strips()) == 1
    assert status_of(client_for(mate), mate) == "out_of_office"  # another member, same strip
    assert status_of(auth_client, mate) == "out_of_office"
    assert len(strips()) == 1  # the process's copy: only the generation was read again
    services.status_change(user=mate, status="working")  # a new generation: a new key
    assert status_of(auth_client, mate) == "working"
    assert len(strips()) == 2


def test_a_flushed_cache_never_serves_a_strip_kept_from_before(auth_client):
    from apps.work import strip
    from apps.work.models import StatusRecord

    me = auth_client.user
    mate = UserFactory(workspace=me.workspace, display_name="Mo")
    services.status_change(user=mate, status="working")
    strip.cache.clear()  # Redis restarted: nothing written since
    assert status_of(auth_client, mate) == "working"
    # A change the generation never heard of (Redis away when it was written), then Redis comes
    # back empty: the next generation is a new random number, not the one the kept strip has.
    StatusRecord.objects.filter(user=mate).update(status_enum_identifier="taking_break")
    strip.cache.clear()
    assert status_of(auth_client, mate) == "taking_break"
