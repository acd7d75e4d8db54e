"""The single sign-on calls' shapes (apps/workspace/sso.py, docs/security.md "Single sign-on")."""

from __future__ import annotations

from rest_framework import serializers

from apps.core.secrets import masked
from apps.core.serializers import JsonBooleanField, StrictCharField


class SsoSettingsSerializer(serializers.Serializer):
    """The workspace's provider as its admins read and write it; the secret is write-only and
    read back masked to its last 4 characters (apps/core/secrets.py)."""

    configured = JsonBooleanField(read_only=True)
    slug = StrictCharField(read_only=True)
    provider_name = StrictCharField(max_length=60, min_length=1)
    issuer = serializers.URLField(max_length=300)
    client_id = StrictCharField(max_length=255, min_length=1)
    client_secret = StrictCharField(max_length=500, min_length=1)
    enabled_yn = JsonBooleanField(default=True)
    password_sign_in_yn = JsonBooleanField(
        default=True, help_text="Off: members sign in with the provider only; admins keep their password."
    )
    redirect_uri = StrictCharField(read_only=True, help_text="Register this at the provider.")
    sign_in_url = StrictCharField(read_only=True, help_text="The workspace's sign-in link for members.")


def sso_settings(sso, *, redirect_uri: str, sign_in_base: str) -> dict:
    if sso is None:
        return {
            "configured": False,
            "slug": "",
            "provider_name": "",
            "issuer": "",
            "client_id": "",
            "client_secret": "",
            "enabled_yn": True,
            "password_sign_in_yn": True,
            "redirect_uri": redirect_uri,
            "sign_in_url": "",
        }
    return {
        "configured": True,
        "slug": sso.slug,
        "provider_name": sso.provider_name,
        "issuer": sso.issuer,
        "client_id": sso.client_id,
        "client_secret": masked(sso.client_secret),
        "enabled_yn": sso.enabled_yn,
        "password_sign_in_yn": sso.password_sign_in_yn,
        "redirect_uri": redirect_uri,
        "sign_in_url": f"{sign_in_base}?workspace={sso.slug}",
    }


class SsoTestSerializer(serializers.Serializer):
    issuer = serializers.URLField(max_length=300)


class SsoTestResultSerializer(serializers.Serializer):
    detail = StrictCharField()
    issuer = StrictCharField()
    authorization_endpoint = StrictCharField()


class SsoProviderSerializer(serializers.Serializer):
    """What the sign-in page shows for a workspace's sign-in link (public)."""

    slug = StrictCharField()
    workspace_name = StrictCharField()
    provider_name = StrictCharField()
    password_sign_in_yn = JsonBooleanField()


class SsoExchangeSerializer(serializers.Serializer):
    code = StrictCharField(max_length=200, min_length=1)
