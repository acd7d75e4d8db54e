"""Two-factor sign-in (docs/security.md)."""

from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, StrictCharField


class TwoFactorChallengeSerializer(serializers.Serializer):
    """The password was right; no token yet. `two_factor_required`: ask for a code
    (`POST token/two_factor/`); `two_factor_setup_required`: the workspace requires two-factor
    sign-in and the member has none yet: set it up (`POST token/two_factor/setup/`)."""

    two_factor_required = JsonBooleanField(required=False)
    two_factor_setup_required = JsonBooleanField(required=False)
    ticket = StrictCharField(help_text="Signed, valid for 5 minutes, spent by the first accepted code")


class TwoFactorTicketSerializer(serializers.Serializer):
    ticket = StrictCharField(max_length=400)


class TwoFactorCodeSerializer(TwoFactorTicketSerializer):
    code = StrictCharField(
        max_length=32,
        help_text="6 digits from the authenticator app, or one of the recovery codes",
    )


class TwoFactorSetupSerializer(serializers.Serializer):
    secret = StrictCharField(help_text="Base32, for entering the key by hand")
    otpauth_uri = StrictCharField()
    qr_svg = StrictCharField(help_text="The otpauth:// address as a QR code, an SVG document")


class TwoFactorEnrolledTokenSerializer(serializers.Serializer):
    token = StrictCharField()
    recovery_codes = serializers.ListField(child=StrictCharField())


class TwoFactorStateSerializer(serializers.Serializer):
    enabled = JsonBooleanField()
    recovery_codes_left = serializers.IntegerField(min_value=0)
    required_by_workspace = JsonBooleanField()


class TwoFactorPasswordSerializer(serializers.Serializer):
    password = StrictCharField(trim_whitespace=False, max_length=128)


class TwoFactorConfirmSerializer(serializers.Serializer):
    code = StrictCharField(max_length=32)


class TwoFactorAppCodeSerializer(serializers.Serializer):
    code = StrictCharField(
        max_length=32, help_text="6 digits from the authenticator app (not a recovery code)"
    )


class TwoFactorRecoveryCodesSerializer(serializers.Serializer):
    recovery_codes = serializers.ListField(child=StrictCharField())


class TwoFactorDisableSerializer(serializers.Serializer):
    password = StrictCharField(trim_whitespace=False, max_length=128, required=False, allow_blank=True)
    code = StrictCharField(max_length=32, required=False, allow_blank=True)
