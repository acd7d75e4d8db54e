"""Live events a request publishes leave after its response has been sent
(apps.realtime.middleware.PublishAfterResponseMiddleware)."""

import asyncio

import pytest
from django.http import HttpResponse

from apps.realtime import events
from apps.realtime.middleware import PublishAfterResponseMiddleware


class Recorder:
    def __init__(self):
        self.sent: list[tuple[str, dict]] = []

    async def group_send(self, group: str, payload: dict) -> None:
        self.sent.append((group, payload))


@pytest.fixture
def layer(monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(events, "get_channel_layer", lambda: recorder)
    return recorder


def a_view_that_publishes(request):
    events.group_send_many(["workspace-1"], {"type": "event.message", "text": "{}"}, what="new_status")
    events.group_send_many(["user-2"], {"type": "session.revoked"}, what="session.revoked")
    return HttpResponse("done")


@pytest.mark.django_db  # closing a response runs request_finished (close_old_connections)
def test_the_sends_wait_for_the_response_to_be_closed_then_leave_in_order(layer, rf):
    response = PublishAfterResponseMiddleware(a_view_that_publishes)(rf.post("/api/x/"))
    assert layer.sent == []  # the response is not sent yet
    response.close()  # what the server does once the body is out
    assert [group for group, _ in layer.sent] == ["workspace-1", "user-2"]


@pytest.mark.django_db
@pytest.mark.asyncio
async def test_under_asgi_the_sync_view_holds_its_sends_in_the_requests_list(layer, rf):
    from asgiref.sync import sync_to_async

    async def async_chain(request):  # the rest of the chain, the view on the sync thread
        return await sync_to_async(a_view_that_publishes)(request)

    response = await PublishAfterResponseMiddleware(async_chain)(rf.post("/api/x/"))
    assert layer.sent == []
    await sync_to_async(response.close)()  # hands the sends to this (the server's) loop
    async with asyncio.timeout(5):
        while len(layer.sent) < 2:
            await asyncio.sleep(0.01)
    assert [group for group, _ in layer.sent] == ["workspace-1", "user-2"]


def test_outside_a_request_sends_leave_at_once(layer):
    events.group_send_many(["user-1"], {"type": "t"}, what="t")
    assert layer.sent == [("user-1", {"type": "t"})]


@pytest.mark.django_db(transaction=True)  # the write commits, as in the server
def test_a_status_change_through_the_api_is_published_once_its_response_is_done(layer, auth_client):
    response = auth_client.post(
        "/api/work/create_log_user_status/", {"status_enum_identifier": "working"}, format="json"
    )
    assert response.status_code == 201
    assert {payload["type"] for _, payload in layer.sent} == {"event.message"}
    assert any('"new_status"' in payload["text"] for _, payload in layer.sent)
