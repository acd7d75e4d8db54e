"""The member's signed-in devices: the list (browser, address, last used, this device), signing
one out or every other one, and their sockets closing at once (docs/security.md)."""

import datetime as dt

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts import sessions
from apps.accounts.authentication import TOKEN_TOUCH_MINUTES
from apps.accounts.models import AuthToken, token_digest
from apps.accounts.tests.factories import PASSWORD, connect, make_user
from apps.core import timeutils

URL = "/api/accounts/me/sessions/"
OTHERS = "/api/accounts/me/sessions/sign_out_others/"
FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


def sign_in(api_client, user, *, agent: str, address: str) -> str:
    answer = api_client.post(
        "/api/accounts/token/",
        {"email": user.email, "password": PASSWORD},
        HTTP_USER_AGENT=agent,
        REMOTE_ADDR=address,
    )
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


@pytest.mark.django_db
def test_the_list_names_each_device_marks_this_one_and_shows_nobody_elses(api_client, user):
    phone = sign_in(api_client, user, agent=SAFARI, address="203.0.113.7")
    laptop = sign_in(api_client, user, agent=FIREFOX, address="198.51.100.4")
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {laptop}", HTTP_USER_AGENT=FIREFOX)

    with CaptureQueriesContext(connection) as queries:
        answer = api_client.get(URL, REMOTE_ADDR="198.51.100.4")
    assert answer.status_code == 200
    rows = answer.json()
    assert [(row["browser"], row["address"], row["current"]) for row in rows] == [
        ("Firefox 128 on Ubuntu", "198.51.100.4", True),
        ("Mobile Safari 17 on iOS", "203.0.113.7", False),
    ]
    assert all(
        set(row) == {"id", "browser", "address", "signed_in_at", "last_used_at", "current"} for row in rows
    )
    assert token_digest(phone) not in answer.content.decode() and phone not in answer.content.decode()
    # The token's kept read (its stamp) and the list: no query per device.
    assert len(queries) <= 4, [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db
def test_a_use_is_recorded_at_most_every_few_minutes_with_its_address(api_client, user, monkeypatch):
    key = sign_in(api_client, user, agent=FIREFOX, address="198.51.100.4")
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    token = AuthToken.objects.get(digest=token_digest(key))
    signed_in_at = token.last_used_at

    with CaptureQueriesContext(connection) as queries:
        assert api_client.get("/api/accounts/me/", REMOTE_ADDR="192.0.2.1").status_code == 200
    assert not [
        q for q in queries.captured_queries if q["sql"].startswith("UPDATE") and "authtoken" in q["sql"]
    ]
    token.refresh_from_db()
    assert (token.last_used_at, token.address) == (signed_in_at, "198.51.100.4")

    later = timeutils.now() + dt.timedelta(minutes=TOKEN_TOUCH_MINUTES + 1)
    monkeypatch.setattr(timeutils, "now", lambda: later)
    assert api_client.get("/api/accounts/me/", REMOTE_ADDR="192.0.2.1").status_code == 200
    token.refresh_from_db()
    assert (token.last_used_at, token.address) == (later, "192.0.2.1")


@pytest.mark.django_db
def test_signing_one_device_out_ends_it_and_only_it(api_client, client_for, user):
    phone = sign_in(api_client, user, agent=SAFARI, address="203.0.113.7")
    laptop = sign_in(api_client, user, agent=FIREFOX, address="198.51.100.4")
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {laptop}")
    phone_id = next(row["id"] for row in api_client.get(URL).json() if not row["current"])

    assert api_client.delete(f"{URL}{phone_id}/").status_code == 204
    assert not AuthToken.objects.filter(digest=token_digest(phone)).exists()
    assert api_client.get("/api/accounts/me/").status_code == 200
    assert [row["current"] for row in api_client.get(URL).json()] == [True]
    # Gone now: a second sign-out of it is a 404.
    assert api_client.delete(f"{URL}{phone_id}/").status_code == 404


@pytest.mark.django_db
def test_another_users_session_is_a_404_and_stays_signed_in(api_client, user):
    from apps.accounts.tests.factories import UserFactory

    other = UserFactory(workspace=user.workspace)
    other_key = sign_in(api_client, other, agent=FIREFOX, address="198.51.100.9")
    mine = sign_in(api_client, user, agent=FIREFOX, address="198.51.100.4")
    other_id = sessions.session_id(token_digest(other_key))
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {mine}")
    for bad in (other_id, "abc", "0" * sessions.SESSION_ID_LENGTH):
        assert api_client.delete(f"{URL}{bad}/").status_code == 404
    assert AuthToken.objects.filter(digest=token_digest(other_key)).exists()


@pytest.mark.django_db
def test_signing_out_every_other_device_keeps_this_one(api_client, user):
    keys = [sign_in(api_client, user, agent=FIREFOX, address=f"198.51.100.{n}") for n in range(3)]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {keys[0]}")
    answer = api_client.post(OTHERS)
    assert answer.status_code == 200 and answer.json()["signed_out"] == 2
    assert list(AuthToken.objects.filter(user=user).values_list("digest", flat=True)) == [
        token_digest(keys[0])
    ]
    assert api_client.post(OTHERS).json() == {"detail": "No other device was signed in.", "signed_out": 0}


@pytest.mark.django_db
def test_an_expired_token_is_not_listed(api_client, user):
    key = sign_in(api_client, user, agent=FIREFOX, address="198.51.100.4")
    old = AuthToken.objects.create(user=user, user_agent=SAFARI)
    AuthToken.objects.filter(pk=old.pk).update(last_used_at=timeutils.now() - dt.timedelta(days=400))
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert len(api_client.get(URL).json()) == 1


@pytest.mark.parametrize(
    ("agent", "name"),
    [
        ("", sessions.UNKNOWN_BROWSER),
        ("curl/8.5.0", "curl 8"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
         "Chrome/131.0.0.0 Safari/537.36", "Chrome 131 on Windows"),
    ],
)  # fmt: skip
def test_the_browser_is_read_from_the_user_agent(agent, name):
    assert sessions.browser_name(agent) == name


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_signing_a_device_out_closes_its_sockets_at_once_and_no_other():
    user, key = await make_user()
    other_key = await database_sync_to_async(lambda: AuthToken.objects.create(user=user).key)()
    revoked, connected, _ = await connect(other_key)
    kept, kept_connected, _ = await connect(key)
    assert connected and kept_connected

    await database_sync_to_async(sessions.session_sign_out)(
        user=user, public_id=sessions.session_id(token_digest(other_key))
    )

    assert await revoked.receive_output(timeout=3) == {"type": "websocket.close", "code": 4401}
    assert await kept.receive_nothing(timeout=0.3)
    token = await database_sync_to_async(AuthToken.objects.get)(digest=token_digest(key))
    await database_sync_to_async(sessions.sessions_sign_out_others)(token=token)
    assert await kept.receive_nothing(timeout=0.3)
    await kept.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_signing_out_every_other_device_closes_their_sockets():
    user, key = await make_user()
    other_key = await database_sync_to_async(lambda: AuthToken.objects.create(user=user).key)()
    revoked, _, _ = await connect(other_key)
    kept, _, _ = await connect(key)
    token = await database_sync_to_async(AuthToken.objects.get)(digest=token_digest(key))

    await database_sync_to_async(sessions.sessions_sign_out_others)(token=token)

    assert await revoked.receive_output(timeout=3) == {"type": "websocket.close", "code": 4401}
    assert await kept.receive_nothing(timeout=0.3)
    await kept.disconnect()
