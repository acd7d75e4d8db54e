from django.shortcuts import get_object_or_404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import devices, observers, selectors, services, two_factor
from apps.accounts.serializers import (
    AVATAR_TOO_LARGE,
    AuthTokenSerializer,
    DetailSerializer,
    ObservableUserSerializer,
    ObservableUserUpdateSerializer,
    ObserverSerializer,
    PasswordChangeSerializer,
    ProfileUpdateSerializer,
    SignInResponseSerializer,
    SignInSerializer,
    UserDetailsSerializer,
    statuses_for,
)
from apps.accounts.serializers_two_factor import TwoFactorChallengeSerializer
from apps.accounts.throttles import SignInThrottle
from apps.core.clients import client_address
from apps.core.parsers import JSONParser, MultiPartParser

PROFILE_MAX_BODY_BYTES = 2 * 1024 * 1024


def _sign_in(request: Request, answer) -> Response:
    """The password step. Without two-factor sign-in the token answer as always; with it (or when
    the workspace requires it and the member has none yet) a ticket for the second step and no
    token (apps/accounts/two_factor.py)."""
    data = SignInSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    email = data.validated_data["email"]
    client = client_address(request.META)
    try:
        user = services.check_sign_in(
            email=email,
            password=data.validated_data["password"],
            client=client,
            known_device=devices.is_known_device(request, email),
        )
    except services.SignInError as error:
        raise ValidationError({"non_field_errors": [str(error)]}) from None
    if two_factor.is_enrolled(user):
        return Response(
            {"two_factor_required": True, "ticket": two_factor.issue_ticket(user, two_factor.SIGN_IN)}
        )
    if two_factor.is_required(user):
        return Response(
            {"two_factor_setup_required": True, "ticket": two_factor.issue_ticket(user, two_factor.SETUP)}
        )
    return signed_in(request, user, answer)


def signed_in(request: Request, user, answer) -> Response:
    """The sign-in is complete: a token for this device, and the device remembered."""
    token = services.issue_token(
        user=user, client=client_address(request.META), user_agent=request.headers.get("User-Agent", "")
    )
    response = Response(answer(token))
    devices.remember_device(response, request, token.user.email)
    return response


SIGN_IN_ANSWER = PolymorphicProxySerializer(
    component_name="SignInAnswer",
    serializers=[AuthTokenSerializer, TwoFactorChallengeSerializer],
    resource_type_field_name=None,
)
LOGIN_ANSWER = PolymorphicProxySerializer(
    component_name="LoginAnswer",
    serializers=[SignInResponseSerializer, TwoFactorChallengeSerializer],
    resource_type_field_name=None,
)


@extend_schema(request=SignInSerializer, responses={200: SIGN_IN_ANSWER})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def obtain_token(request: Request) -> Response:
    return _sign_in(request, lambda token: {"token": token.key})


@extend_schema(request=SignInSerializer, responses={200: LOGIN_ANSWER})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([SignInThrottle])
def login(request: Request) -> Response:
    return _sign_in(
        request,
        lambda token: {
            "token": token.key,
            "user": UserDetailsSerializer(token.user, context={"request": request}).data,
        },
    )


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


@extend_schema(request=PasswordChangeSerializer, responses={200: DetailSerializer})
@api_view(["POST"])
def password_change(request: Request) -> Response:
    """Change your own password: the current one is required; your other devices are signed out
    and you get an email about it."""
    data = PasswordChangeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    services.password_change(token=request.auth, **data.validated_data)
    return Response({"detail": services.PASSWORD_CHANGED_DETAIL})


@extend_schema(methods=["GET"], responses={200: UserDetailsSerializer})
@extend_schema(
    methods=["PATCH"],
    request={"multipart/form-data": ProfileUpdateSerializer, "application/json": ProfileUpdateSerializer},
    responses={200: UserDetailsSerializer},
)
@api_view(["GET", "PATCH"])
@parser_classes([MultiPartParser, FormParser, JSONParser])
def me(request: Request) -> Response:
    if request.method == "PATCH":
        # Refuse an oversized upload before it is read (and spooled to disk): an avatar is 1 MB
        # at most and the other fields are short.
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if declared > PROFILE_MAX_BODY_BYTES:
            # The documented 413 shape (apps/core/schema.py), as the ASGI body limit sends it.
            return Response({"detail": AVATAR_TOO_LARGE}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        data = ProfileUpdateSerializer(data=request.data, context={"user": request.user})
        data.is_valid(raise_exception=True)
        services.profile_update(user=request.user, data=data.validated_data)
    return Response(UserDetailsSerializer(request.user, context={"request": request}).data)


@extend_schema(responses={200: UserDetailsSerializer})
@api_view(["GET"])
def get_user_details(request: Request, user_id: int) -> Response:
    user = get_object_or_404(selectors.workspace_users(workspace_id=request.user.workspace_id), pk=user_id)
    return Response(UserDetailsSerializer(user, context={"request": request}).data)


@extend_schema(responses={200: ObservableUserSerializer(many=True)})
@api_view(["GET"])
def observable_users(request: Request) -> Response:
    rows = list(observers.observable_users(viewer=request.user)[: observers.LIST_CAP])
    statuses = statuses_for(users=[row.observed_user for row in rows], viewer=request.user)
    context = {"request": request, "statuses": statuses}
    return Response(ObservableUserSerializer(rows, many=True, context=context).data)


@extend_schema(request=ObservableUserUpdateSerializer, responses={200: ObservableUserSerializer})
@api_view(["PATCH"])
def observable_user(request: Request, observation_id: int) -> Response:
    observation = get_object_or_404(observers.observable_users(viewer=request.user), pk=observation_id)
    data = ObservableUserUpdateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    observation = observers.observation_update(observation=observation, data=data.validated_data)
    statuses = statuses_for(users=[observation.observed_user], viewer=request.user)
    context = {"request": request, "statuses": statuses}
    return Response(ObservableUserSerializer(observation, context=context).data)


@extend_schema(responses={200: ObserverSerializer(many=True)})
@api_view(["GET"])
def my_observers(request: Request) -> Response:
    rows = observers.observers(user=request.user)[: observers.LIST_CAP]
    return Response(ObserverSerializer(rows, many=True, context={"request": request}).data)
