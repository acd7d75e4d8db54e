"""Websocket authentication: the token the SPA offers as a subprotocol, looked up like HTTP tokens.

On PostgreSQL the lookup runs on the event loop through the async pool
(apps.core.postgresql.asyncpool): a thousand handshakes arriving at once look their tokens up
side by side instead of one after the other on the thread every sync view of the process shares
(Django's async ORM would still run them there). Same rule as HTTP (`token_verdict`): the user must
be active, an idle token is deleted, a use is recorded at most every TOKEN_TOUCH_MINUTES. No
cache: a signed-out, expired or deactivated token is refused by the very next handshake.
Elsewhere (SQLite) the ORM lookup runs as before.
"""

from __future__ import annotations

import asyncio
import functools

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError, connection
from psycopg import Error as PsycopgError
from psycopg import sql

from apps.accounts.authentication import EXPIRED, MAX_TOKEN_KEY_LENGTH, TOUCH, active_token, token_verdict
from apps.accounts.models import AuthToken, User, token_digest
from apps.core import outage, timeutils
from apps.core.postgresql import asyncpool
from apps.realtime.consumers import DATABASE_UNAVAILABLE, TOKEN_SUBPROTOCOL

# What a failed lookup raises when the database is unreachable: the handshake is refused
# cleanly (close 1013, try again later) instead of a traceback and an HTTP 500; the process's
# database outage (apps.core.outage.database) logs it with the HTTP side's refusals: two lines.
LOOKUP_ERRORS = (PsycopgError, DatabaseError, OSError, TimeoutError)

# A handshake waits at most this long for its lookup (its turn for a connection included).
LOOKUP_TIMEOUT_SECONDS = 5.0
# What the socket needs of its user (the consumer reads the id and the workspace); any other
# field is deferred and would raise if read on the event loop.
USER_FIELDS = ("id", "workspace_id", "is_active")


@functools.cache
def _lookup_sql() -> tuple[sql.Composed, sql.Composed, sql.Composed]:
    """The lookup, the touch and the delete, named from the models (identifiers quoted by psycopg)."""
    token, user = AuthToken._meta, User._meta
    tokens, users = sql.Identifier(token.db_table), sql.Identifier(user.db_table)
    digest = sql.Identifier(token.get_field("digest").column)
    last_used = sql.Identifier(token.get_field("last_used_at").column)
    created = sql.Identifier(token.get_field("created_at").column)
    columns = [sql.SQL("u.{}").format(sql.Identifier(user.get_field(name).column)) for name in USER_FIELDS]
    select = sql.SQL("SELECT t.{}, t.{}, {} FROM {} t JOIN {} u ON u.{} = t.{} WHERE t.{} = %s").format(
        created,
        last_used,
        sql.SQL(", ").join(columns),
        tokens,
        users,
        sql.Identifier(user.pk.column),
        sql.Identifier(token.get_field("user").column),
        digest,
    )
    touch = sql.SQL("UPDATE {} SET {} = %s WHERE {} = %s").format(tokens, last_used, digest)
    delete = sql.SQL("DELETE FROM {} WHERE {} = %s").format(tokens, digest)
    return select, touch, delete


async def active_token_user(key: str) -> tuple[User, str] | None:
    """The user of the token with this key and the token's digest, if it is active (see
    `active_token`), looked up on the event loop. Raises LOOKUP_ERRORS when the database is out."""
    if not key or len(key) > MAX_TOKEN_KEY_LENGTH:
        return None
    digest = token_digest(key)
    select, touch, delete = _lookup_sql()
    async with asyncio.timeout(LOOKUP_TIMEOUT_SECONDS), asyncpool.pool().connection() as conn:
        row = await (await conn.execute(select, (digest,))).fetchone()
        if row is None:
            return None
        created_at, last_used_at, *user_values = row
        user = User.from_db(connection.alias, list(USER_FIELDS), user_values)
        if not user.is_active:
            return None
        now = timeutils.now()
        verdict = token_verdict(created_at, last_used_at, now)
        if verdict == EXPIRED:
            await conn.execute(delete, (digest,))
            return None
        if verdict == TOUCH:
            await conn.execute(touch, (now, digest))
    return user, digest


async def _sync_lookup(key: str) -> tuple[User, str] | None:
    token = await database_sync_to_async(active_token)(key)
    return (token.user, token.digest) if token else None


class TokenSubprotocolAuthMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        scope = dict(scope)
        key = token_from_subprotocols(list(scope.get("subprotocols") or []))
        found = None
        if key:
            try:
                found = await (active_token_user(key) if asyncpool.available() else _sync_lookup(key))
            except LOOKUP_ERRORS as error:
                outage.database.failed(error, "first refused: a websocket handshake")
                scope[DATABASE_UNAVAILABLE] = True
            else:
                outage.database.succeeded()
        scope["user"] = found[0] if found else AnonymousUser()
        scope["token_digest"] = found[1] if found else None
        return await self.app(scope, receive, send)


def token_from_subprotocols(subprotocols: list[str]) -> str | None:
    """The SPA offers ["token", "<key>"]: the key travels in a header, never in a logged URL."""
    if TOKEN_SUBPROTOCOL not in subprotocols:
        return None
    index = subprotocols.index(TOKEN_SUBPROTOCOL)
    if index + 1 >= len(subprotocols):
        return None
    return subprotocols[index + 1]
