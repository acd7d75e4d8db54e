from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.core.params import MAX_ID
from apps.core.serializers import AbsoluteImageField, JsonBooleanField, ModelSerializer, StrictCharField
from apps.projects import messages
from apps.projects.events import activity_state
from apps.projects.models import Activity, ActivityType


class ActivitySectionSerializer(serializers.Serializer):
    section_title = StrictCharField(allow_blank=True)
    section_text = StrictCharField(allow_blank=True)
    display_title = JsonBooleanField()


class ActivitySerializer(ModelSerializer):
    """An activity as the caller sees it. Context: `request`, `confirmer` (may the caller confirm
    activities of this task) and `project_owner` (is the caller a project owner)."""

    username = StrictCharField(source="user.display_name", read_only=True)
    full_name = StrictCharField(source="user.full_name", read_only=True)
    avatar = AbsoluteImageField(source="user.avatar", allow_null=True, read_only=True)
    activity_type = serializers.ChoiceField(choices=ActivityType.choices, read_only=True)
    text_json = ActivitySectionSerializer(many=True, read_only=True)
    state = serializers.SerializerMethodField()
    unread = serializers.SerializerMethodField()
    can_edit = serializers.SerializerMethodField()
    can_confirm = serializers.SerializerMethodField()
    can_delete = serializers.SerializerMethodField()

    class Meta:
        model = Activity
        fields = [
            "id",
            "task",
            "user",
            "username",
            "full_name",
            "avatar",
            "activity_type",
            "created_datetime",
            "submitted_datetime",
            "text_json",
            "state",
            "submitted_yn",
            "confirmed_yn",
            "confirmed_by",
            "deleted_yn",
            "created_automatically_yn",
            "unread",
            "can_edit",
            "can_confirm",
            "can_delete",
        ]
        read_only_fields = fields

    def _me(self) -> int:
        return self.context["request"].user.pk

    @extend_schema_field(serializers.ChoiceField(choices=["draft", "submitted", "confirmed", "deleted"]))
    def get_state(self, row) -> str:
        return activity_state(row)

    def get_unread(self, row) -> bool:
        read = getattr(row, "read_yn", True)
        return bool(row.submitted_yn and not row.deleted_yn and row.user_id != self._me() and not read)

    def get_can_edit(self, row) -> bool:
        return row.user_id == self._me() and not row.confirmed_yn and not row.deleted_yn

    def get_can_confirm(self, row) -> bool:
        return bool(
            self.context.get("confirmer") and row.submitted_yn and not row.confirmed_yn and not row.deleted_yn
        )

    def get_can_delete(self, row) -> bool:
        if row.deleted_yn:
            return False
        if self.context.get("project_owner"):
            return True
        return row.user_id == self._me() and not row.confirmed_yn


class ActivityCreateSerializer(serializers.Serializer):
    task = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    text_json = serializers.JSONField(help_text="One section or a list of sections")
    submitted_yn = JsonBooleanField(default=False, help_text="Submit at once instead of a draft")


class ActivityUpdateSerializer(serializers.Serializer):
    text_json = serializers.JSONField(help_text="One section or a list of sections")


class UnreadTaskSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    task_name = StrictCharField()
    activity_count = serializers.IntegerField()


class UnreadSectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    section_name = StrictCharField()
    tasks = UnreadTaskSerializer(many=True)


class UnreadListSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    list_name = StrictCharField()
    sections = UnreadSectionSerializer(many=True)


class UnreadProjectSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    project_name = StrictCharField()
    lists = UnreadListSerializer(many=True)


class UnreadTreeSerializer(serializers.Serializer):
    projects = UnreadProjectSerializer(many=True)
    unread_count = serializers.IntegerField()


class UnreadCountSerializer(serializers.Serializer):
    unread_count = serializers.IntegerField()


class MarkReadSerializer(serializers.Serializer):
    activityId = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)  # noqa: N815 (spec name)
    taskId = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)  # noqa: N815
    projectId = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)  # noqa: N815

    def validate(self, attrs):
        if len(attrs) != 1:
            raise serializers.ValidationError(messages.ACTIVITY_MARK_ONE_KEY)
        return attrs


class ActivityMarkedItemSerializer(serializers.Serializer):
    activity = serializers.IntegerField()
    task = serializers.IntegerField()


class ActivitiesMarkedSerializer(serializers.Serializer):
    items = ActivityMarkedItemSerializer(many=True)
    unread_count = serializers.IntegerField()
