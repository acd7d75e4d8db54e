"""'Forgot password?' (public) and the member's signed-in devices (docs/security.md)."""

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import password_reset, sessions
from apps.accounts.serializers import DetailSerializer
from apps.accounts.serializers_self_service import (
    PasswordResetAccountSerializer,
    PasswordResetConfirmSerializer,
    PasswordResetLinkSerializer,
    PasswordResetRequestSerializer,
    SessionSerializer,
    SessionsSignedOutSerializer,
)
from apps.accounts.throttles import PasswordResetLinkThrottle, PasswordResetThrottle

# --- public: 'Forgot password?' ----------------------------------------------------------------


@extend_schema(
    request=PasswordResetRequestSerializer,
    responses={200: DetailSerializer},
    summary="Email a link to set a new password (the same answer whether or not the address has an account)",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([PasswordResetThrottle])
def password_reset_request(request: Request) -> Response:
    data = PasswordResetRequestSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    password_reset.password_reset_request(
        email=data.validated_data["email"], base_url=request.build_absolute_uri("/")
    )
    return Response({"detail": password_reset.REQUESTED_DETAIL})


@extend_schema(
    request=PasswordResetLinkSerializer,
    responses={200: PasswordResetAccountSerializer},
    summary="Whether an emailed link still works, and for which account",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([PasswordResetLinkThrottle])
def password_reset_check(request: Request) -> Response:
    data = PasswordResetLinkSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    user = password_reset.password_reset_check(**data.validated_data)
    return Response({"email": user.email})


@extend_schema(
    request=PasswordResetConfirmSerializer,
    responses={200: DetailSerializer},
    summary="Set a new password through an emailed link; every device of the account is signed out",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([PasswordResetLinkThrottle])
def password_reset_confirm(request: Request) -> Response:
    data = PasswordResetConfirmSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    password_reset.password_reset_confirm(**data.validated_data)
    return Response({"detail": password_reset.RESET_DETAIL})


# --- the member's signed-in devices ------------------------------------------------------------


@extend_schema(
    responses={200: SessionSerializer(many=True)}, summary="Your signed-in devices, this one first"
)
@api_view(["GET"])
def session_list(request: Request) -> Response:
    rows = sessions.user_sessions(user=request.user, current=request.auth)
    return Response(SessionSerializer(rows, many=True).data)


@extend_schema(
    request=None,
    responses={204: OpenApiResponse(description="Signed out; its live connections are closed")},
    summary="Sign one of your devices out",
)
@api_view(["DELETE"])
def session_detail(request: Request, session_id: str) -> Response:
    try:
        sessions.session_sign_out(user=request.user, public_id=session_id)
    except sessions.SessionNotFound:
        raise Http404 from None
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    request=None, responses={200: SessionsSignedOutSerializer}, summary="Sign out every other device"
)
@api_view(["POST"])
def sessions_sign_out_others(request: Request) -> Response:
    count = sessions.sessions_sign_out_others(token=request.auth)
    detail = "Every other device is signed out." if count else "No other device was signed in."
    return Response({"detail": detail, "signed_out": count})
