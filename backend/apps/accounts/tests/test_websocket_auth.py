"""The websocket's token lookup on the event loop (apps.accounts.websocket): the same rule as HTTP,
no queue on the sync thread, revocation at once, and a clean refusal when the database is out."""

import asyncio
import datetime as dt
import logging

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from psycopg import OperationalError

from apps.accounts import services as account_services
from apps.accounts import websocket
from apps.accounts.models import AuthToken, User, token_digest
from apps.accounts.tests.factories import connect, make_user
from apps.core import outage
from apps.core.postgresql import asyncpool

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.skipif(
        not asyncpool.available(),
        reason="the event-loop lookup is PostgreSQL's (elsewhere the ORM lookup runs)",
    ),
]


@pytest.fixture(autouse=True)
def no_sync_lookup(monkeypatch):
    """Every handshake here must be looked up on the event loop, never by the ORM's sync path."""

    def sync_lookup(key):
        raise AssertionError("the token was looked up on the sync thread")

    monkeypatch.setattr(websocket, "active_token", sync_lookup)


@database_sync_to_async
def set_last_used(key: str, when: dt.datetime) -> None:
    AuthToken.objects.filter(digest=token_digest(key)).update(last_used_at=when)


@database_sync_to_async
def last_used(key: str) -> dt.datetime | None:
    return AuthToken.objects.filter(digest=token_digest(key)).values_list("last_used_at", flat=True).first()


async def test_a_valid_token_connects_without_the_sync_thread():
    user, key = await make_user()
    communicator, connected, subprotocol = await connect(key)
    assert connected and subprotocol == "token"
    await communicator.disconnect()


async def test_the_socket_knows_its_user_and_workspace_and_nothing_more():
    user, key = await make_user()
    found, digest = await websocket.active_token_user(key)
    assert (found.pk, found.workspace_id, found.is_active) == (user.pk, user.workspace_id, True)
    assert digest == token_digest(key)
    assert found.get_deferred_fields() >= {"email", "password"}  # never loaded on the event loop


async def test_unknown_and_oversized_keys_are_refused():
    assert await websocket.active_token_user("0" * 40) is None
    assert await websocket.active_token_user("x" * 129) is None
    assert not (await connect("0" * 40))[1]


async def test_a_signed_out_token_is_refused_by_the_next_handshake():
    user, key = await make_user()
    first, connected, _ = await connect(key)
    assert connected
    token = await database_sync_to_async(AuthToken.objects.get)(digest=token_digest(key))
    await database_sync_to_async(account_services.sign_out)(token=token)
    assert await first.receive_output(timeout=3) == {"type": "websocket.close", "code": 4401}
    assert not (await connect(key))[1]


async def test_signing_out_everywhere_refuses_every_token_of_the_user():
    user, key = await make_user()
    other_key = await database_sync_to_async(lambda: AuthToken.objects.create(user=user).key)()
    await database_sync_to_async(account_services.sign_out_everywhere)(user=user)
    assert not (await connect(key))[1]
    assert not (await connect(other_key))[1]


async def test_a_deactivated_users_token_is_refused_even_if_it_still_exists():
    user, key = await make_user()
    # Past the service (which deletes the tokens): the lookup itself checks is_active.
    await database_sync_to_async(User.objects.filter(pk=user.pk).update)(is_active=False)
    assert await websocket.active_token_user(key) is None
    assert not (await connect(key))[1]


async def test_an_idle_token_is_refused_and_deleted(settings):
    user, key = await make_user()
    await set_last_used(key, timezone.now() - dt.timedelta(days=settings.TOKEN_IDLE_DAYS, minutes=1))
    assert not (await connect(key))[1]
    assert await last_used(key) is None  # deleted, as HTTP does


async def test_a_token_past_its_absolute_lifetime_is_refused_and_deleted(settings):
    user, key = await make_user()
    await database_sync_to_async(AuthToken.objects.filter(digest=token_digest(key)).update)(
        created_at=timezone.now() - dt.timedelta(days=settings.TOKEN_MAX_AGE_DAYS, minutes=1)
    )
    assert not (await connect(key))[1]
    assert await last_used(key) is None


async def test_a_use_slides_the_tokens_lifetime_at_most_once_per_few_minutes():
    user, key = await make_user()
    old = timezone.now() - dt.timedelta(days=3)
    await set_last_used(key, old)
    assert await websocket.active_token_user(key) is not None
    touched = await last_used(key)
    assert touched > old + dt.timedelta(days=2)
    assert await websocket.active_token_user(key) is not None
    assert await last_used(key) == touched  # fresh: not written again


async def test_many_handshakes_at_once_share_a_few_connections(settings):
    keys = [(await make_user())[1] for _ in range(12)]
    found = await asyncio.gather(*(websocket.active_token_user(key) for key in keys))
    assert all(found)
    assert len(asyncpool.pool().idle) <= settings.ASYNC_DB_POOL_MAX


async def test_a_connection_the_database_killed_is_replaced_not_used():
    user, key = await make_user()
    assert await websocket.active_token_user(key) is not None
    pool = asyncpool.pool()
    for conn in pool.idle:
        conn.pgconn.finish()  # as a database restart would leave it
    assert await websocket.active_token_user(key) is not None


async def test_database_unreachable_refuses_the_handshake_cleanly_with_one_log_line(monkeypatch, caplog):
    user, key = await make_user()

    async def unreachable(**params):
        raise OperationalError("connection refused")

    pool = asyncpool.pool()
    for conn in pool.idle:
        conn.pgconn.finish()
    monkeypatch.setattr(asyncpool.AsyncConnection, "connect", unreachable)
    monkeypatch.setattr(outage, "database", outage.Outage(outage.database.logger, "db down", "db back"))
    with caplog.at_level(logging.WARNING, logger="apps.core.database"):
        for _ in range(3):
            communicator, connected, code = await connect(key)
            assert (connected, code) == (False, 1013)  # try again later, not a 500
    assert caplog.text.count("db down") == 1
    assert "Traceback" not in caplog.text
