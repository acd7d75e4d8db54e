from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts.models import Notification, NotificationKind, User
from apps.accounts.notifications import MAX_MARK_IDS
from apps.core.params import MAX_ID
from apps.core.serializers import AbsoluteImageField, ModelSerializer, StrictCharField


class NotificationActorSerializer(ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)

    class Meta:
        model = User
        fields = ["id", "avatar", "full_name", "display_name"]
        read_only_fields = fields


class TitledRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()


class NotificationSerializer(ModelSerializer):
    kind = serializers.ChoiceField(choices=NotificationKind.choices, read_only=True)
    actor = NotificationActorSerializer(allow_null=True, read_only=True)
    project = serializers.SerializerMethodField()
    list = serializers.SerializerMethodField()
    task = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "datetime", "kind", "text", "unread", "actor", "project", "list", "task"]
        read_only_fields = fields

    @extend_schema_field(TitledRefSerializer(allow_null=True))
    def get_project(self, row) -> dict | None:
        return {"id": row.project_id, "title": row.project_title} if row.project_id else None

    @extend_schema_field(TitledRefSerializer(allow_null=True))
    def get_list(self, row) -> dict | None:
        return {"id": row.list_id, "title": row.list_title} if row.list_id else None

    @extend_schema_field(TitledRefSerializer(allow_null=True))
    def get_task(self, row) -> dict | None:
        return {"id": row.task_id, "title": row.task_title} if row.task_id else None


class NotificationListSerializer(serializers.Serializer):
    results = NotificationSerializer(many=True)
    unread_count = serializers.IntegerField()


class MarkNotificationsSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=1,
        max_length=MAX_MARK_IDS,
    )
