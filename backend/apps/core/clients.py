"""The client's address, the one rule for every way the product runs.

A request's peer (REMOTE_ADDR) is the client unless it is one of the configured proxies
(FORWARDED_ALLOW_IPS: addresses or networks). From a proxy, the client is the rightmost
X-Forwarded-For entry that is not a proxy itself: each proxy appends the address it saw, so
entries a client wrote itself stay to the left and are never believed. With no proxy configured
(the default) X-Forwarded-For is ignored, even from 127.0.0.1.

uvicorn applies the same rule to the ASGI scope when it is started with
`--forwarded-allow-ips "$FORWARDED_ALLOW_IPS"` (Makefile `serve`, compose's `ws`); gunicorn's
WSGI workers leave REMOTE_ADDR as the peer and this function does the rest.
"""

from __future__ import annotations

import functools
import ipaddress

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@functools.cache
def _proxies(allowed: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in allowed if item)


def is_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in _proxies(tuple(settings.FORWARDED_ALLOW_IPS)))


def client_address(meta) -> str:
    """The client's address for a request's META (see the module's docstring)."""
    peer = meta.get("REMOTE_ADDR", "") or ""
    if not is_proxy(peer):
        return peer
    forwarded = [item.strip() for item in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if item.strip()]
    for address in reversed(forwarded):
        if not is_proxy(address):
            return address
    return forwarded[0] if forwarded else peer


class ClientThrottle(AnonRateThrottle):
    """A rate per client address (public calls: sign-in, invitation links, password reset)."""

    def get_ident(self, request) -> str:
        return client_address(request.META)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
