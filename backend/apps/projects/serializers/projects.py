from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts.models import User
from apps.core.params import MAX_ID
from apps.core.serializers import (
    DATETIME,
    JsonBooleanField,
    ModelSerializer,
    PlannedFieldsMixin,
    StrictCharField,
)
from apps.projects import messages
from apps.projects.models import (
    AccessType,
    ParentType,
    Project,
    ProjectColor,
    ProjectMembership,
    TaskList,
    TaskListMembership,
)
from apps.projects.selectors import colors_for
from apps.projects.serializers.common import MemberUserSerializer, UserBriefSerializer


class ProjectColorSerializer(ModelSerializer):
    value = serializers.RegexField(r"^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$", max_length=9)
    title = StrictCharField(max_length=40, required=False, allow_blank=True)

    class Meta:
        model = ProjectColor
        fields = ["id", "value", "title"]


class ProjectSerializer(PlannedFieldsMixin, ModelSerializer):
    color = ProjectColorSerializer(read_only=True)
    hexColor = StrictCharField(source="color.value", read_only=True)  # noqa: N815 (spec name)
    task_list_count = serializers.IntegerField(read_only=True)
    member_count = serializers.IntegerField(read_only=True)
    access_type_enum = serializers.SerializerMethodField()
    personal_yn = serializers.SerializerMethodField()

    class Meta:
        model = Project
        fields = [
            "id",
            "workspace",
            "title",
            "description",
            "color",
            "hexColor",
            "created_date",
            "archived_yn",
            "show_get_started_message_yn",
            "auto_activity",
            "task_list_count",
            "member_count",
            "access_type_enum",
            "personal_yn",
        ]
        read_only_fields = fields

    def to_representation(self, project) -> dict:
        """The fields above, built by hand (the project list writes up to 500 of them);
        `apps/projects/tests/test_serializers_plain.py` compares it with `drf_representation`
        byte for byte."""
        color = project.color
        data = {
            "id": project.pk,
            "workspace": project.workspace_id,
            "title": str(project.title),
            "description": str(project.description),
            "color": {"id": color.pk, "value": str(color.value), "title": str(color.title)},
            "hexColor": str(color.value),
            "created_date": DATETIME.to_representation(project.created_date),
            "archived_yn": bool(project.archived_yn),
            "show_get_started_message_yn": bool(project.show_get_started_message_yn),
            "auto_activity": str(project.auto_activity),
        }
        # Annotations: a project read without them leaves the key out, as DRF does.
        for name in ("task_list_count", "member_count"):
            if hasattr(project, name):
                value = getattr(project, name)
                data[name] = None if value is None else int(value)
        data["access_type_enum"] = getattr(project, "my_access_type", None)
        data["personal_yn"] = project.personal_user_id is not None
        return data

    def drf_representation(self, project) -> dict:
        return super().to_representation(project)

    @extend_schema_field(serializers.ChoiceField(choices=AccessType.choices, allow_null=True))
    def get_access_type_enum(self, project) -> str | None:
        return getattr(project, "my_access_type", None)

    def get_personal_yn(self, project) -> bool:
        return project.personal_user_id is not None


class WorkspaceColorField(serializers.PrimaryKeyRelatedField):
    """A colour of the built-in palette or of the caller's workspace; another workspace's
    custom colour answers like a missing one."""

    def __init__(self, **kwargs):
        super().__init__(queryset=ProjectColor.objects.none(), **kwargs)

    def get_queryset(self):
        request = self.context.get("request")
        workspace_id = request.user.workspace_id if request is not None else None
        return colors_for(workspace_id=workspace_id)


class ProjectWriteSerializer(serializers.Serializer):
    title = StrictCharField(
        max_length=120,
        error_messages={
            "required": messages.PROJECT_TITLE_REQUIRED,
            "blank": messages.PROJECT_TITLE_REQUIRED,
        },
    )
    description = StrictCharField(required=False, allow_blank=True, max_length=10000)
    color = WorkspaceColorField(
        error_messages={"required": messages.PROJECT_COLOR_REQUIRED, "null": messages.PROJECT_COLOR_REQUIRED},
    )
    archived_yn = JsonBooleanField(required=False)
    show_get_started_message_yn = JsonBooleanField(required=False)
    auto_activity = StrictCharField(required=False, max_length=120)


class ProjectCreateSerializer(ProjectWriteSerializer):
    task_list_title = StrictCharField(required=False, allow_blank=True, max_length=120)
    workspace = serializers.IntegerField(required=False, help_text="Ignored: always the caller's workspace.")


class ProjectMembershipSerializer(ModelSerializer):
    # Context: `viewer`, the user the members' statuses are shown to.
    user = serializers.SerializerMethodField()
    task_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = ProjectMembership
        fields = ["id", "project", "user", "access_type_enum", "project_role", "task_count"]
        read_only_fields = fields

    @extend_schema_field(MemberUserSerializer)
    def get_user(self, membership) -> dict:
        return MemberUserSerializer(membership.user, context=self.context).data

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["task_count"] = data.get("task_count") or 0
        return data


class ProjectMembershipWriteSerializer(serializers.Serializer):
    project = serializers.IntegerField()
    user = serializers.IntegerField()
    access_type_enum = serializers.ChoiceField(choices=AccessType.choices, default=AccessType.MEMBER)
    project_role = StrictCharField(required=False, allow_blank=True, max_length=80, default="")


class ProjectMembershipUpdateSerializer(serializers.Serializer):
    project = serializers.IntegerField(
        required=False, help_text="Ignored: a membership stays in its project."
    )
    user = serializers.IntegerField(required=False, help_text="Ignored: a membership keeps its user.")
    access_type_enum = serializers.ChoiceField(choices=AccessType.choices)
    project_role = StrictCharField(required=False, allow_blank=True, max_length=80, default="")


class TaskListSerializer(ModelSerializer):
    task_count = serializers.IntegerField(read_only=True, default=0)
    latest_activity = serializers.DateTimeField(read_only=True, allow_null=True, default=None)
    unread_activity_count = serializers.IntegerField(read_only=True, default=0)
    show_list_in_sidebar_yn = serializers.SerializerMethodField()
    membership_id = serializers.SerializerMethodField()

    class Meta:
        model = TaskList
        fields = [
            "id",
            "title",
            "parent_project",
            "parent_type_enum",
            "parent_user",
            "archived_yn",
            "removed_yn",
            "show_list_in_sidebar_yn",
            "membership_id",
            "task_count",
            "latest_activity",
            "unread_activity_count",
        ]
        read_only_fields = fields

    def get_show_list_in_sidebar_yn(self, task_list) -> bool:
        """The caller's own setting; false when the caller is not a member of the list."""
        return bool(getattr(task_list, "my_show_list_in_sidebar_yn", False))

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_membership_id(self, task_list) -> int | None:
        return getattr(task_list, "my_membership_id", None)


class TaskListWriteSerializer(serializers.Serializer):
    title = StrictCharField(
        max_length=120,
        error_messages={
            "required": messages.TASK_LIST_TITLE_REQUIRED,
            "blank": messages.TASK_LIST_TITLE_REQUIRED,
        },
    )
    parent_project = serializers.IntegerField()
    parent_type_enum = serializers.ChoiceField(choices=ParentType.choices, default=ParentType.PROJECT)
    parent_user = serializers.IntegerField(
        required=False, allow_null=True, help_text="Ignored (always null)."
    )
    archived_yn = JsonBooleanField(required=False, default=False)
    removed_yn = JsonBooleanField(required=False, default=False)


class TaskListUpdateSerializer(TaskListWriteSerializer):
    parent_project = serializers.IntegerField(
        required=False, help_text="Ignored: a list stays in its project."
    )
    archived_yn = JsonBooleanField(required=False)


class TaskListMembershipSerializer(ModelSerializer):
    user = UserBriefSerializer(read_only=True)
    project_role = StrictCharField(read_only=True, allow_null=True, default="")

    class Meta:
        model = TaskListMembership
        fields = ["id", "task_list", "user", "access_type_enum", "show_list_in_sidebar_yn", "project_role"]
        read_only_fields = fields


class TaskListMembershipWriteSerializer(serializers.Serializer):
    task_list = serializers.IntegerField()
    user = serializers.IntegerField()
    access_type_enum = serializers.ChoiceField(choices=AccessType.choices, default=AccessType.MEMBER)
    show_list_in_sidebar_yn = JsonBooleanField(default=True)


class TaskListMembershipSidebarSerializer(serializers.Serializer):
    show_list_in_sidebar_yn = JsonBooleanField()


class TaskListIdsSerializer(serializers.Serializer):
    task_list_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), max_length=200, allow_empty=True
    )


class WorkspaceUserSerializer(UserBriefSerializer):
    class Meta(UserBriefSerializer.Meta):
        model = User
