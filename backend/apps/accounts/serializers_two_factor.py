"""Two-factor sign-in (docs/security.md)."""

from rest_framework import serializers


class TwoFactorChallengeSerializer(serializers.Serializer):
    """The password was right; no token yet. `two_factor_required`: ask for a code
    (`POST token/two_factor/`); `two_factor_setup_required`: the workspace requires two-factor
    sign-in and the member has none yet: set it up (`POST token/two_factor/setup/`)."""

    two_factor_required = serializers.BooleanField(required=False)
    two_factor_setup_required = serializers.BooleanField(required=False)
    ticket = serializers.CharField(help_text="Signed, valid for 5 minutes, spent by the first accepted code")


class TwoFactorTicketSerializer(serializers.Serializer):
    ticket = serializers.CharField(max_length=400)


class TwoFactorCodeSerializer(TwoFactorTicketSerializer):
    code = serializers.CharField(
        max_length=32,
        help_text="6 digits from the authenticator app, or one of the recovery codes",
    )


class TwoFactorSetupSerializer(serializers.Serializer):
    secret = serializers.CharField(help_text="Base32, for entering the key by hand")
    otpauth_uri = serializers.CharField()
    qr_svg = serializers.CharField(help_text="The otpauth:// address as a QR code, an SVG document")


class TwoFactorEnrolledTokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    recovery_codes = serializers.ListField(child=serializers.CharField())


class TwoFactorStateSerializer(serializers.Serializer):
    enabled = serializers.BooleanField()
    recovery_codes_left = serializers.IntegerField(min_value=0)
    required_by_workspace = serializers.BooleanField()


class TwoFactorPasswordSerializer(serializers.Serializer):
    password = serializers.CharField(trim_whitespace=False, max_length=128)


class TwoFactorConfirmSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32)


class TwoFactorRecoveryCodesSerializer(serializers.Serializer):
    recovery_codes = serializers.ListField(child=serializers.CharField())


class TwoFactorDisableSerializer(serializers.Serializer):
    password = serializers.CharField(trim_whitespace=False, max_length=128, required=False, allow_blank=True)
    code = serializers.CharField(max_length=32, required=False, allow_blank=True)
