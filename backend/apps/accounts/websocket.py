"""Websocket authentication: the token the SPA offers as a subprotocol, looked up like HTTP tokens."""

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from apps.accounts.authentication import active_token
from apps.realtime.consumers import TOKEN_SUBPROTOCOL


def token_from_subprotocols(subprotocols: list[str]) -> str | None:
    """The SPA offers ["token", "<key>"]: the key travels in a header, never in a logged URL."""
    if TOKEN_SUBPROTOCOL not in subprotocols:
        return None
    index = subprotocols.index(TOKEN_SUBPROTOCOL)
    if index + 1 >= len(subprotocols):
        return None
    return subprotocols[index + 1]


class TokenSubprotocolAuthMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        scope = dict(scope)
        key = token_from_subprotocols(list(scope.get("subprotocols") or []))
        token = await database_sync_to_async(active_token)(key) if key else None
        scope["user"] = token.user if token else AnonymousUser()
        scope["token_digest"] = token.digest if token else None
        return await self.app(scope, receive, send)
