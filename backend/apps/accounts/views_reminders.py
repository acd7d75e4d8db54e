"""Reminders (docs/reminders.md): the member's switches, and the emailed switch-off link (public:
the link is opened from a mailbox, signed in or not; the token says whose reminder it is)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
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

from apps.accounts import reminders
from apps.accounts.serializers_reminders import (
    ReminderLinkAnswerSerializer,
    ReminderLinkSerializer,
    ReminderSettingsSerializer,
    ReminderSettingsUpdateSerializer,
    ReminderSwitchedOffSerializer,
)
from apps.accounts.throttles import ReminderLinkThrottle
from apps.core.parsers import MultiPartParser

ONE_CLICK_ONLY = "Send List-Unsubscribe=One-Click (RFC 8058)."


@extend_schema(methods=["GET"], responses=ReminderSettingsSerializer, summary="Your reminders' switches")
@extend_schema(
    methods=["PATCH"],
    request=ReminderSettingsUpdateSerializer,
    responses=ReminderSettingsSerializer,
    summary="Switch your reminders and the morning digest's email (only the fields sent change)",
)
@api_view(["GET", "PATCH"])
def reminder_settings(request: Request) -> Response:
    user = request.user
    if request.method == "PATCH":
        data = ReminderSettingsUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = reminders.reminders_update(user=user, data=data.validated_data)
    return Response(ReminderSettingsSerializer(reminders.settings_of(user)).data)


@extend_schema(
    request=ReminderLinkSerializer,
    responses=ReminderLinkAnswerSerializer,
    summary="Whether a reminder email's switch-off link still works, for whom and which reminder",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([ReminderLinkThrottle])
def reminder_link_check(request: Request) -> Response:
    data = ReminderLinkSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return Response(ReminderLinkAnswerSerializer(reminders.link_check(**data.validated_data)).data)


@extend_schema(
    request=ReminderLinkSerializer,
    responses=ReminderSwitchedOffSerializer,
    summary="Switch a reminder off through its emailed link (once)",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([ReminderLinkThrottle])
def reminder_link_off(request: Request) -> Response:
    data = ReminderLinkSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return Response(ReminderSwitchedOffSerializer(reminders.reminder_switch_off(**data.validated_data)).data)


@extend_schema(
    parameters=[OpenApiParameter("token", OpenApiTypes.STR, required=True, description="The link's token")],
    request={
        "application/x-www-form-urlencoded": inline_serializer(
            "ReminderOneClick", fields={"List-Unsubscribe": serializers.CharField()}
        ),
        "multipart/form-data": inline_serializer(
            "ReminderOneClickMultipart", fields={"List-Unsubscribe": serializers.CharField()}
        ),
    },
    responses=ReminderSwitchedOffSerializer,
    summary="One-click switch-off for mail clients (RFC 8058 List-Unsubscribe-Post)",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([ReminderLinkThrottle])
@parser_classes([FormParser, MultiPartParser])
def reminder_one_click(request: Request) -> Response:
    if request.data.get("List-Unsubscribe") != "One-Click":
        raise ValidationError({"List-Unsubscribe": [ONE_CLICK_ONLY]})
    data = ReminderLinkSerializer(data={"token": request.query_params.get("token", "")})
    data.is_valid(raise_exception=True)
    return Response(ReminderSwitchedOffSerializer(reminders.reminder_switch_off(**data.validated_data)).data)
