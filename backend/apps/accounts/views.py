from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import selectors, services
from apps.accounts.serializers import (
    AuthTokenSerializer,
    DetailSerializer,
    SignInResponseSerializer,
    SignInSerializer,
    UserDetailsSerializer,
)
from apps.accounts.throttles import SignInThrottle


def _sign_in(request: Request):
    data = SignInSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        return services.sign_in(
            email=data.validated_data["email"],
            password=data.validated_data["password"],
            user_agent=request.headers.get("User-Agent", ""),
        )
    except services.SignInError as error:
        return Response({"non_field_errors": [str(error)]}, status=status.HTTP_400_BAD_REQUEST)


@extend_schema(request=SignInSerializer, responses={200: AuthTokenSerializer})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def obtain_token(request: Request) -> Response:
    token = _sign_in(request)
    if isinstance(token, Response):
        return token
    return Response({"token": token.key})


@extend_schema(request=SignInSerializer, responses={200: SignInResponseSerializer})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def login(request: Request) -> Response:
    token = _sign_in(request)
    if isinstance(token, Response):
        return token
    return Response({"token": token.key, "user": UserDetailsSerializer(token.user).data})


@extend_schema(request=None, responses={200: DetailSerializer})
@api_view(["POST"])
def logout(request: Request) -> Response:
    services.sign_out(token=request.auth)
    return Response({"detail": "Signed out."})


@extend_schema(request=None, responses={200: DetailSerializer})
@api_view(["POST"])
def logout_all(request: Request) -> Response:
    services.sign_out_everywhere(user=request.user)
    return Response({"detail": "Signed out on all devices."})


@extend_schema(responses={200: UserDetailsSerializer})
@api_view(["GET"])
def me(request: Request) -> Response:
    return Response(UserDetailsSerializer(request.user, context={"request": request}).data)


@extend_schema(responses={200: UserDetailsSerializer})
@api_view(["GET"])
def get_user_details(request: Request, user_id: int) -> Response:
    user = get_object_or_404(selectors.workspace_users(workspace_id=request.user.workspace_id), pk=user_id)
    return Response(UserDetailsSerializer(user, context={"request": request}).data)
