"""Two-factor sign-in: the sign-in's second step (public, with the password step's ticket) and the
owner's own set-up and turning off (docs/security.md)."""

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import two_factor
from apps.accounts.serializers import AuthTokenSerializer, DetailSerializer
from apps.accounts.serializers_two_factor import (
    TwoFactorAppCodeSerializer,
    TwoFactorCodeSerializer,
    TwoFactorConfirmSerializer,
    TwoFactorDisableSerializer,
    TwoFactorEnrolledTokenSerializer,
    TwoFactorPasswordSerializer,
    TwoFactorRecoveryCodesSerializer,
    TwoFactorSetupSerializer,
    TwoFactorStateSerializer,
    TwoFactorTicketSerializer,
)
from apps.accounts.throttles import SignInThrottle
from apps.accounts.views import signed_in

PASSWORD_WRONG = "The password is not correct."
TURNED_OFF = "Two-factor sign-in is off."


def _refuse(error: two_factor.TwoFactorError):
    raise ValidationError({error.field: [str(error)]}) from None


def _valid(serializer_class, request: Request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


# --- public: the sign-in's second step --------------------------------------------------------


@extend_schema(
    request=TwoFactorCodeSerializer,
    responses={200: AuthTokenSerializer},
    summary="Sign-in's second step: the ticket and a code from the authenticator app or a recovery code",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def token_two_factor(request: Request) -> Response:
    data = _valid(TwoFactorCodeSerializer, request)
    try:
        user = two_factor.verify_sign_in(ticket=data["ticket"], code=data["code"])
    except two_factor.TwoFactorError as error:
        _refuse(error)
    return signed_in(request, user, lambda token: {"token": token.key})


@extend_schema(
    request=TwoFactorTicketSerializer,
    responses={200: TwoFactorSetupSerializer},
    summary="Sign-in when the workspace requires two-factor: start setting up an authenticator app",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def token_two_factor_setup(request: Request) -> Response:
    data = _valid(TwoFactorTicketSerializer, request)
    try:
        user, _ = two_factor.read_ticket(data["ticket"], two_factor.SETUP)
        return Response(two_factor.setup_start(user=user))
    except two_factor.TwoFactorError as error:
        _refuse(error)


@extend_schema(
    request=TwoFactorCodeSerializer,
    responses={200: TwoFactorEnrolledTokenSerializer},
    summary="Sign-in when the workspace requires two-factor: confirm the app; the token and recovery codes",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def token_two_factor_setup_confirm(request: Request) -> Response:
    data = _valid(TwoFactorCodeSerializer, request)
    try:
        with transaction.atomic():
            user, nonce = two_factor.read_ticket(data["ticket"], two_factor.SETUP)
            codes = two_factor.setup_confirm(user=user, code=data["code"])
            two_factor.spend_ticket(nonce)
    except two_factor.TwoFactorError as error:
        _refuse(error)
    return signed_in(request, user, lambda token: {"token": token.key, "recovery_codes": codes})


# --- the owner's own ----------------------------------------------------------------------------


def _state(user) -> dict:
    return {
        "enabled": two_factor.is_enrolled(user),
        "recovery_codes_left": two_factor.recovery_codes_left(user),
        "required_by_workspace": two_factor.is_required(user),
    }


@extend_schema(responses={200: TwoFactorStateSerializer}, summary="Your two-factor sign-in: on or off")
@api_view(["GET"])
def me_two_factor(request: Request) -> Response:
    return Response(_state(request.user))


@extend_schema(
    request=TwoFactorPasswordSerializer,
    responses={200: TwoFactorSetupSerializer},
    summary="Start setting up an authenticator app (your current password required)",
)
@api_view(["POST"])
@throttle_classes([SignInThrottle])  # a password or a code: guesses share sign-in's budget
def me_two_factor_setup(request: Request) -> Response:
    data = _valid(TwoFactorPasswordSerializer, request)
    if not request.user.check_password(data["password"]):
        raise ValidationError({"password": [PASSWORD_WRONG]})
    try:
        return Response(two_factor.setup_start(user=request.user))
    except two_factor.TwoFactorError as error:
        _refuse(error)


@extend_schema(
    request=TwoFactorConfirmSerializer,
    responses={200: TwoFactorRecoveryCodesSerializer},
    summary="Turn two-factor sign-in on with a code from the app; the recovery codes, shown once",
)
@api_view(["POST"])
@throttle_classes([SignInThrottle])  # a password or a code: guesses share sign-in's budget
def me_two_factor_confirm(request: Request) -> Response:
    data = _valid(TwoFactorConfirmSerializer, request)
    try:
        codes = two_factor.setup_confirm(user=request.user, code=data["code"])
    except two_factor.TwoFactorError as error:
        _refuse(error)
    return Response({"recovery_codes": codes})


@extend_schema(
    request=TwoFactorAppCodeSerializer,
    responses={200: TwoFactorRecoveryCodesSerializer},
    summary="New recovery codes (a code from the authenticator app required); the old ones stop working",
)
@api_view(["POST"])
@throttle_classes([SignInThrottle])
def me_two_factor_recovery_codes(request: Request) -> Response:
    data = _valid(TwoFactorAppCodeSerializer, request)
    try:
        codes = two_factor.replace_recovery_codes(user=request.user, code=data["code"])
    except two_factor.TwoFactorError as error:
        _refuse(error)
    return Response({"recovery_codes": codes})


@extend_schema(
    request=TwoFactorDisableSerializer,
    responses={200: DetailSerializer},
    summary="Turn two-factor sign-in off (your current password or a code required)",
)
@api_view(["POST"])
@throttle_classes([SignInThrottle])  # a password or a code: guesses share sign-in's budget
def me_two_factor_disable(request: Request) -> Response:
    data = _valid(TwoFactorDisableSerializer, request)
    try:
        with transaction.atomic():
            two_factor.disable(
                user=request.user, password=data.get("password", ""), code=data.get("code", "")
            )
    except two_factor.TwoFactorError as error:
        _refuse(error)
    return Response({"detail": TURNED_OFF})
