"""Tokens are stored as digests, expire after TOKEN_IDLE_DAYS without use, and die with the account."""

import datetime as dt
import hashlib

import pytest
from django.utils import timezone

from apps.accounts import services
from apps.accounts.models import AuthToken, token_digest
from apps.accounts.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _sign_in(api_client, user) -> str:
    response = api_client.post("/api/accounts/token/", {"email": user.email, "password": PASSWORD})
    assert response.status_code == 200
    return response.json()["token"]


def test_a_token_is_stored_as_its_digest_never_in_clear(api_client, user):
    key = _sign_in(api_client, user)
    token = AuthToken.objects.get(user=user)
    stored = [str(getattr(token, field.attname)) for field in AuthToken._meta.concrete_fields]
    assert key not in stored
    assert token.pk == _digest(key)


def _use(api_client, key):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api_client.get(ME).status_code


def test_a_token_idle_for_longer_than_token_idle_days_is_refused_and_removed(api_client, user, settings):
    settings.TOKEN_IDLE_DAYS = 30
    key = _sign_in(api_client, user)
    AuthToken.objects.update(last_used_at=timezone.now() - dt.timedelta(days=31))
    assert _use(api_client, key) == 401
    assert not AuthToken.objects.exists()


def test_a_token_older_than_token_max_age_days_is_refused_however_recently_used(api_client, user, settings):
    settings.TOKEN_IDLE_DAYS, settings.TOKEN_MAX_AGE_DAYS = 30, 90
    young = _sign_in(api_client, user)
    AuthToken.objects.update(created_at=timezone.now() - dt.timedelta(days=89))
    old = _sign_in(api_client, user)
    AuthToken.objects.filter(digest=token_digest(old)).update(
        created_at=timezone.now() - dt.timedelta(days=400), last_used_at=timezone.now()
    )
    assert _use(api_client, young) == 200
    assert _use(api_client, old) == 401
    assert not AuthToken.objects.filter(digest=token_digest(old)).exists()


def test_using_a_token_slides_its_lifetime_at_most_once_per_few_minutes(api_client, user, settings):
    settings.TOKEN_IDLE_DAYS = 30
    key = _sign_in(api_client, user)
    almost_idle = timezone.now() - dt.timedelta(days=29)
    AuthToken.objects.update(last_used_at=almost_idle)
    assert _use(api_client, key) == 200
    touched = AuthToken.objects.get().last_used_at
    assert touched > almost_idle + dt.timedelta(days=28)
    recent = touched - dt.timedelta(seconds=30)
    AuthToken.objects.update(last_used_at=recent)
    assert _use(api_client, key) == 200
    assert AuthToken.objects.get().last_used_at == recent  # not written on every request


def test_deactivating_a_user_deletes_their_tokens_and_reactivating_does_not_revive_them(
    auth_client, client_for
):
    user = auth_client.user
    other_device = client_for(user)
    services.user_deactivate(user=user)
    assert not AuthToken.objects.filter(user=user).exists()
    assert auth_client.get(ME).status_code == 401
    services.user_reactivate(user=user)
    assert auth_client.get(ME).status_code == 401
    assert other_device.get(ME).status_code == 401


def test_a_plain_save_with_is_active_false_also_deletes_the_tokens(auth_client, client_for):
    bystander = client_for(UserFactory())
    user = auth_client.user
    user.is_active = False
    user.save()
    assert not AuthToken.objects.filter(user=user).exists()
    user.is_active = True
    user.save()
    assert auth_client.get(ME).status_code == 401
    assert bystander.get(ME).status_code == 200


def test_a_reactivated_user_can_sign_in_again(api_client, user):
    services.user_deactivate(user=user)
    assert (
        api_client.post("/api/accounts/token/", {"email": user.email, "password": PASSWORD}).status_code
        == 400
    )
    services.user_reactivate(user=user)
    assert _use(api_client, _sign_in(api_client, user)) == 200
