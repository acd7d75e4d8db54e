"""'Forgot password?' and the sessions list (docs/security.md)."""

from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, StrictCharField


class PasswordResetRequestSerializer(serializers.Serializer):
    email = serializers.EmailField(max_length=254)


class PasswordResetLinkSerializer(serializers.Serializer):
    """The two parts of the emailed link: /reset-password/<uid>/<token>."""

    uid = StrictCharField(max_length=64)
    token = StrictCharField(max_length=128)


class PasswordResetConfirmSerializer(PasswordResetLinkSerializer):
    new_password = StrictCharField(trim_whitespace=False, max_length=128)


class PasswordResetAccountSerializer(serializers.Serializer):
    email = serializers.EmailField(help_text="The account the link sets a password for")


class SessionSerializer(serializers.Serializer):
    id = StrictCharField(help_text="The session's id in this list (not its token)")
    browser = StrictCharField(help_text="Read from the User-Agent, e.g. 'Firefox 128 on Ubuntu'")
    address = StrictCharField(help_text="The client address last recorded; empty when unknown")
    signed_in_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(help_text="Recorded at most every few minutes")
    current = JsonBooleanField(help_text="This device: the token of the request")


class SessionsSignedOutSerializer(serializers.Serializer):
    detail = StrictCharField()
    signed_out = serializers.IntegerField(min_value=0)
