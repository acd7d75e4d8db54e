"""Fetching a URL a user gave us, safely (server-side request forgery):

- http and https only, default or explicit port;
- the host name is resolved here and EVERY address it resolves to must be public (no private,
  loopback, link-local, multicast, reserved or unspecified address, IPv4 or IPv6); the
  connection then goes to that checked address (the name is not resolved a second time, so a
  DNS answer that changes between check and connect cannot slip in), with the original name in
  the Host header and for TLS (SNI and certificate check);
- redirects are followed by hand, at most MAX_REDIRECTS, each target checked the same way;
- a connect and a read timeout, an overall deadline, and a size limit on the body (read in
  chunks, given up as soon as it passes the limit).

`settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS` lets tests and the local demo reach the fake
servers on 127.0.0.1; it is off by default and in production.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import urllib3
from django.conf import settings

MAX_REDIRECTS = 3
CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 10.0
DEADLINE = 20.0
MAX_BYTES = 2 * 1024 * 1024
CHUNK = 64 * 1024
USER_AGENT = "RemoteOffice-Integrations/1.0"


class FetchError(Exception):
    """A failure the user can act on; `message` is shown to them. `transient` ones are retried."""

    def __init__(self, message: str, *, transient: bool = False, status: int | None = None):
        super().__init__(message)
        self.message = message
        self.transient = transient
        self.status = status


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes
    headers: dict[str, str]
    url: str


def _allow_private() -> bool:
    return bool(getattr(settings, "INTEGRATIONS_ALLOW_PRIVATE_HOSTS", False))


def check_address(address: str) -> None:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    public = ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)
    if not public and not (_allow_private() and (ip.is_private or ip.is_loopback)):
        raise FetchError("This address is not allowed: it points into a private network.")


def _resolve(host: str, port: int) -> str:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise FetchError(f"The host {host} could not be found.", transient=True) from exc
    addresses = [info[4][0] for info in infos]
    if not addresses:
        raise FetchError(f"The host {host} could not be found.", transient=True)
    for address in addresses:
        check_address(address)  # every answer: an attacker's DNS may mix public and private ones
    return addresses[0]


def check_url(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of an acceptable URL; FetchError otherwise (no DNS lookup here)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise FetchError("This is not a valid address.") from exc
    if parts.scheme not in ("http", "https"):
        raise FetchError("Only http and https addresses can be used.")
    if not parts.hostname:
        raise FetchError("This is not a valid address.")
    if parts.username or parts.password:
        raise FetchError("Addresses with a user name or password in them are not accepted.")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _pool(scheme: str, host: str, address: str, port: int) -> urllib3.HTTPConnectionPool:
    timeout = urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT)
    if scheme == "https":
        return urllib3.HTTPSConnectionPool(
            address,
            port,
            timeout=timeout,
            retries=False,
            server_hostname=host,
            assert_hostname=host,
            cert_reqs="CERT_REQUIRED",
        )
    return urllib3.HTTPConnectionPool(address, port, timeout=timeout, retries=False)


def fetch(
    url: str,
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    max_bytes: int = MAX_BYTES,
    body: bytes | None = None,
) -> Response:
    """The response to `url` after at most MAX_REDIRECTS redirects (any status: callers judge).
    A `body` (a POST's form) is sent to the first address only: a redirect is not followed then."""
    started = time.monotonic()
    for _hop in range(MAX_REDIRECTS + 1):
        scheme, host, port = check_url(url)
        address = _resolve(host, port)
        parts = urlsplit(url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        default_port = (scheme, port) in (("http", 80), ("https", 443))
        sent = {
            "Host": host if default_port else f"{host}:{port}",
            "User-Agent": USER_AGENT,
            "Accept-Encoding": "identity",
            **(headers or {}),
        }
        pool = _pool(scheme, host, address, port)
        try:
            raw = pool.urlopen(
                method,
                target,
                headers=sent,
                body=body,
                redirect=False,
                preload_content=False,
                assert_same_host=False,
            )
        except urllib3.exceptions.SSLError as exc:
            raise FetchError("The server's certificate could not be verified.") from exc
        except (urllib3.exceptions.HTTPError, OSError) as exc:
            raise FetchError(f"The server at {host} could not be reached.", transient=True) from exc
        try:
            if body is None and raw.status in (301, 302, 303, 307, 308) and raw.headers.get("Location"):
                url = urljoin(url, raw.headers["Location"])
                continue
            content = _read(raw, max_bytes=max_bytes, started=started)
            return Response(status=raw.status, body=content, headers=dict(raw.headers), url=url)
        finally:
            raw.release_conn()
            pool.close()
    raise FetchError("The address redirects too many times.")


def _read(raw, *, max_bytes: int, started: float) -> bytes:
    declared = raw.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(f"The answer is larger than {max_bytes // 1024} KiB.")
    chunks, size = [], 0
    try:
        for chunk in raw.stream(CHUNK):
            size += len(chunk)
            if size > max_bytes:
                raise FetchError(f"The answer is larger than {max_bytes // 1024} KiB.")
            if time.monotonic() - started > DEADLINE:
                raise FetchError("The server took too long to answer.", transient=True)
            chunks.append(chunk)
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        raise FetchError("The server took too long to answer.", transient=True) from exc
    return b"".join(chunks)
