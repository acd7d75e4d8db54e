"""The four notification calls of spec 01 §7, on the caller's own notifications."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts import notifications
from apps.accounts.serializers_notifications import (
    MarkNotificationsSerializer,
    NotificationListSerializer,
    NotificationSerializer,
)


def _page(request: Request) -> dict:
    return {
        "results": NotificationSerializer(
            notifications.latest(request.user), many=True, context={"request": request}
        ).data,
        "unread_count": notifications.unread_count(request.user),
    }


class NotificationsMarkedSerializer(serializers.Serializer):
    marked_ids = serializers.ListField(child=serializers.IntegerField())
    unread_count = serializers.IntegerField()


@extend_schema(responses={200: NotificationListSerializer}, summary="The caller's newest notifications")
@api_view(["GET"])
def notification_list(request: Request) -> Response:
    return Response(_page(request))


def _marked(request: Request, ids: list[int] | None) -> Response:
    changed = notifications.mark_read(user=request.user, ids=ids)
    return Response({"marked_ids": changed, "unread_count": notifications.unread_count(request.user)})


@extend_schema(
    request=None,
    responses={200: NotificationsMarkedSerializer},
    summary="Mark one notification read",
    operation_id="notifications_mark_one_as_read",
)
@api_view(["PATCH"])
def mark_one_read(request: Request, notification_id: int) -> Response:
    if not notifications.for_user(request.user).filter(pk=notification_id).exists():
        raise Http404
    return _marked(request, [notification_id])


@extend_schema(
    request=MarkNotificationsSerializer,
    responses={200: NotificationsMarkedSerializer},
    summary="Mark these notifications read (ids of other users' notifications are ignored)",
    operation_id="notifications_mark_as_read",
)
@api_view(["PATCH"])
def mark_read(request: Request) -> Response:
    data = MarkNotificationsSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return _marked(request, data.validated_data["ids"])


@extend_schema(
    request=None, responses={200: NotificationsMarkedSerializer}, summary="Mark all notifications read"
)
@api_view(["PUT"])
def mark_all_read(request: Request) -> Response:
    return _marked(request, None)
