"""Publishing after commit: every group of a message in one trip to the channel layer, failures logged."""

import asyncio
import json
import logging

import pytest
from asgiref.sync import sync_to_async

from apps.realtime import events


class FakeLayer:
    """Records group_send calls; each send waits until every send of the batch has started."""

    def __init__(self, expected: int, failing: frozenset[str] = frozenset()):
        self.expected = expected
        self.failing = failing
        self.started: list[str] = []
        self.sent: list[tuple[str, dict]] = []

    async def group_send(self, group: str, payload: dict) -> None:
        self.started.append(group)
        # Sent one after the other, the first send would wait here for the others forever.
        async with asyncio.timeout(2):
            while len(self.started) < self.expected:
                await asyncio.sleep(0.01)
        if group in self.failing:
            raise ConnectionError(f"redis is down for {group}")
        self.sent.append((group, payload))


@pytest.fixture(autouse=True)
def fresh_outage(monkeypatch):
    """Each test starts with the channel layer up (the outage state is per process)."""
    known = events._publish_outage
    fresh = events.Outage(known.logger, known.unavailable, known.available, level=known.level)
    monkeypatch.setattr(events, "_publish_outage", fresh)


@pytest.fixture
def layer(monkeypatch):
    def install(expected: int, failing: frozenset[str] = frozenset()) -> FakeLayer:
        fake = FakeLayer(expected, failing)
        monkeypatch.setattr(events, "get_channel_layer", lambda: fake)
        return fake

    return install


MESSAGE = events.EventMessage(
    event="new_status",
    meta={},
    action="create",
    table_name="status_record",
    resource_id=1,
    email="a@b.c",
    status="",
)


def test_one_message_goes_to_all_its_groups_at_once(layer):
    fake = layer(expected=3)
    events.group_send_many(["user-1", "user-2", "workspace-3"], {"type": "t"}, what="t")
    assert sorted(group for group, _ in fake.sent) == ["user-1", "user-2", "workspace-3"]


def test_a_failing_group_is_logged_in_one_line_and_the_others_still_receive(layer, caplog):
    fake = layer(expected=3, failing=frozenset({"user-2"}))
    with caplog.at_level(logging.ERROR, logger="apps.realtime.events"):
        events.group_send_many(["user-1", "user-2", "workspace-3"], {"type": "t"}, what="new_status")
    assert sorted(group for group, _ in fake.sent) == ["user-1", "workspace-3"]
    (record,) = caplog.records
    assert record.getMessage() == (
        "could not publish live events, the channel layer is out; writes go on without them "
        "(first lost: new_status to user-2): ConnectionError: redis is down for user-2"
    )
    assert record.exc_info is None  # one line, no traceback


def test_an_outage_is_one_line_when_it_starts_and_one_when_events_flow_again(layer, caplog, monkeypatch):
    fake = layer(expected=0, failing=frozenset({"user-1", "workspace-3"}))
    with caplog.at_level(logging.ERROR, logger="apps.realtime.events"):
        for _ in range(20):  # every write during the outage
            events.group_send_many(["user-1", "workspace-3"], {"type": "t"}, what="new_status")
        fake.failing = frozenset()
        events.group_send_many(["user-1"], {"type": "t"}, what="new_status")
        fake.failing = frozenset({"user-1"})  # Redis flaps while it recovers: the same outage
        events.group_send_many(["user-1"], {"type": "t"}, what="new_status")
    assert [record.getMessage()[:40] for record in caplog.records] == [
        "could not publish live events, the chann",
        "publishing live events again (40 failed ",
    ]


def test_an_unreachable_layer_never_fails_the_caller(monkeypatch, caplog):
    def broken():
        raise OSError("no layer")

    monkeypatch.setattr(events, "get_channel_layer", lambda: type("L", (), {"group_send": broken})())
    with caplog.at_level(logging.ERROR, logger="apps.realtime.events"):
        events.group_send_many(["user-1"], {"type": "t"}, what="new_status")
    assert "(first lost: new_status to user-1)" in caplog.text


@pytest.mark.django_db
def test_publish_sends_after_commit_to_users_and_workspaces_together(
    layer, django_capture_on_commit_callbacks
):
    fake = layer(expected=3)
    with django_capture_on_commit_callbacks(execute=True):
        events.publish(MESSAGE, user_ids=[1, 2, 1], workspace_ids=[3])
        assert fake.started == []  # nothing before the commit
    assert sorted(group for group, _ in fake.sent) == ["user-1", "user-2", "workspace-3"]
    assert {payload["type"] for _, payload in fake.sent} == {"event.message"}
    # Encoded once for every socket of a group: the consumer sends this text as it is. Each group
    # numbers its own stream.
    for group, payload in fake.sent:
        sent = json.loads(payload["text"])
        assert {key: sent[key] for key in MESSAGE} == MESSAGE
        assert sent["stream"] == ("user" if group.startswith("user-") else "workspace")
        assert isinstance(sent["seq"], int)


@pytest.mark.django_db
def test_each_group_numbers_its_events_one_after_the_other(layer, django_capture_on_commit_callbacks):
    from django.core.cache import cache

    cache.delete_many(["live:seq:user-1", "live:seq:workspace-3"])
    seen: dict[str, list[int]] = {}
    for _ in range(3):
        fake = layer(expected=2)
        with django_capture_on_commit_callbacks(execute=True):
            events.publish(MESSAGE, user_ids=[1], workspace_ids=[3])
        for group, payload in fake.sent:
            seen.setdefault(group, []).append(json.loads(payload["text"])["seq"])
    fake = layer(expected=1)
    with django_capture_on_commit_callbacks(execute=True):
        events.publish(MESSAGE, workspace_ids=[3])
    seen["workspace-3"].append(json.loads(fake.sent[0][1]["text"])["seq"])
    first_user, first_workspace = seen["user-1"][0], seen["workspace-3"][0]
    assert seen["user-1"] == [first_user + n for n in range(3)]
    assert seen["workspace-3"] == [first_workspace + n for n in range(4)]
    assert 0 < first_user < events.SEQUENCE_START_BELOW + 1  # starts at a random number


def test_without_a_sequence_number_the_event_is_lost_and_logged(layer, monkeypatch, caplog):
    fake = layer(expected=1)

    def cache_out(group):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(events, "next_sequence", cache_out)
    with caplog.at_level(logging.ERROR):
        events._send(["workspace-3"], MESSAGE)
    assert fake.sent == []
    assert "could not publish live events" in caplog.text


@pytest.mark.django_db
def test_revocation_reaches_every_token_and_user_group_at_once(layer, django_capture_on_commit_callbacks):
    fake = layer(expected=2)
    with django_capture_on_commit_callbacks(execute=True):
        events.revoke_sockets(token_digests=["ab" * 32], user_ids=[4])
    assert sorted(group for group, _ in fake.sent) == ["token-" + "ab" * 20, "user-4"]
    assert {payload["type"] for _, payload in fake.sent} == {"session.revoked"}


def test_no_layer_configured_sends_nothing(monkeypatch):
    monkeypatch.setattr(events, "get_channel_layer", lambda: None)
    events.group_send_many(["user-1"], {"type": "t"}, what="t")  # no error


class SlowLayer:
    """A group_send that finishes only when the test releases it."""

    def __init__(self):
        self.release = asyncio.Event()
        self.sent: list[str] = []

    async def group_send(self, group: str, payload: dict) -> None:
        await self.release.wait()
        self.sent.append(group)


@pytest.mark.asyncio
async def test_inside_the_server_the_caller_does_not_wait_for_the_send(monkeypatch):
    slow = SlowLayer()
    monkeypatch.setattr(events, "get_channel_layer", lambda: slow)

    # A sync view in the server: its thread hands the sends to the event loop and returns.
    await asyncio.wait_for(
        sync_to_async(events.group_send_many)(["user-1", "workspace-2"], {"type": "t"}, what="t"), 2
    )
    assert slow.sent == []
    slow.release.set()
    async with asyncio.timeout(2):
        while len(slow.sent) < 2:
            await asyncio.sleep(0.01)
    assert sorted(slow.sent) == ["user-1", "workspace-2"]


@pytest.mark.asyncio
async def test_handed_off_messages_reach_the_layer_in_the_order_they_were_made(monkeypatch):
    slow = SlowLayer()
    monkeypatch.setattr(events, "get_channel_layer", lambda: slow)

    def two_writes() -> None:
        events.group_send_many(["first"], {"type": "t"}, what="t")
        events.group_send_many(["second"], {"type": "t"}, what="t")

    await sync_to_async(two_writes)()
    await asyncio.sleep(0.05)
    slow.release.set()
    async with asyncio.timeout(2):
        while len(slow.sent) < 2:
            await asyncio.sleep(0.01)
    assert slow.sent == ["first", "second"]


@pytest.mark.asyncio
async def test_a_send_that_hangs_is_given_up_and_logged(monkeypatch, caplog):
    slow = SlowLayer()  # never released: Redis stopped answering
    monkeypatch.setattr(events, "get_channel_layer", lambda: slow)
    monkeypatch.setattr(events, "PUBLISH_TIMEOUT_SECONDS", 0.1)
    with caplog.at_level(logging.ERROR, logger="apps.realtime.events"):
        await sync_to_async(events.group_send_many)(["user-1"], {"type": "t"}, what="new_status")
        async with asyncio.timeout(2):
            while "(first lost: new_status to user-1)" not in caplog.text:
                await asyncio.sleep(0.02)
    slow.release.set()  # the next event is not held behind the one given up
    await sync_to_async(events.group_send_many)(["user-2"], {"type": "t"}, what="t")
    async with asyncio.timeout(2):
        while "user-2" not in slow.sent:
            await asyncio.sleep(0.01)
