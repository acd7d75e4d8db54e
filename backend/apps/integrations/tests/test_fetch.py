"""Fetching a user's URL: no server-side request forgery, bounded redirects, size and time."""

import socket

import pytest

from apps.integrations import fetch


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "ftp://example.com/x.ics",
        "gopher://x",
        "http://",
        "http://user:pw@example.com/x",
    ],
)
def test_only_plain_http_and_https_addresses(url):
    with pytest.raises(fetch.FetchError):
        fetch.check_url(url)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # cloud metadata
        "100.64.0.1",  # carrier-grade NAT
        "0.0.0.0",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",
        "224.0.0.1",
    ],
)
def test_private_loopback_and_link_local_addresses_are_refused(address, settings):
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(fetch.FetchError, match="private network"):
        fetch.check_address(address)


def test_public_addresses_pass(settings):
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = False
    fetch.check_address("93.184.216.34")
    fetch.check_address("2606:2800:220:1:248:1893:25c8:1946")


def test_a_name_that_resolves_to_a_private_address_is_refused_after_dns(monkeypatch, settings):
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = False
    answers = [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", 443)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", 443)),
    ]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: answers)
    with pytest.raises(fetch.FetchError, match="private network"):
        fetch.fetch("https://calendar.example.com/basic.ics")


def test_the_local_fake_is_refused_without_the_setting(fake, settings):
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(fetch.FetchError, match="private network"):
        fetch.fetch(f"{fake}/calendar/daily.ics")


def test_redirects_are_followed_a_bounded_number_of_times(fake):
    assert fetch.fetch(f"{fake}/calendar/redirect/3").body.startswith(b"BEGIN:VCALENDAR")
    with pytest.raises(fetch.FetchError, match="redirects too many times"):
        fetch.fetch(f"{fake}/calendar/redirect/4")


def test_a_body_over_the_limit_is_given_up(fake):
    with pytest.raises(fetch.FetchError, match="larger than"):
        fetch.fetch(f"{fake}/calendar/big.ics", max_bytes=1024 * 1024)


def test_a_silent_server_times_out(monkeypatch):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)  # accepts the connection, never answers
    monkeypatch.setattr(fetch, "READ_TIMEOUT", 0.3)
    try:
        with pytest.raises(fetch.FetchError) as caught:
            fetch.fetch(f"http://127.0.0.1:{listener.getsockname()[1]}/x.ics")
        assert caught.value.transient
    finally:
        listener.close()
