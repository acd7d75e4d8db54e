from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, ModelSerializer, StrictCharField
from apps.projects import messages
from apps.projects.models import Priority, Task, TaskRole, UserTask
from apps.projects.serializers.common import UserBriefSerializer
from apps.projects.time_selectors import current_seconds


class TaskMemberSerializer(UserBriefSerializer):
    role_enum = serializers.SerializerMethodField()

    class Meta(UserBriefSerializer.Meta):
        fields = [*UserBriefSerializer.Meta.fields, "role_enum"]
        read_only_fields = fields

    @extend_schema_field(serializers.ChoiceField(choices=TaskRole.choices))
    def get_role_enum(self, user) -> str:
        return self.context["roles"].get(user.pk, TaskRole.CONTRIBUTOR)


class TaskSerializer(ModelSerializer):
    """A task as the caller sees it: their own flags come from their join to it.

    Reads rows from `selectors.with_task_joins` (prefetched joins): no query per row.
    """

    project = serializers.IntegerField(source="task_list.parent_project_id", read_only=True)
    task_list_title = StrictCharField(source="task_list.title", read_only=True)
    section_title = StrictCharField(source="section.title", read_only=True)
    today_yn = serializers.SerializerMethodField()
    starred_yn = serializers.SerializerMethodField()
    next_shift_yn = serializers.SerializerMethodField()
    join_task_to_user_id = serializers.SerializerMethodField()
    members = serializers.SerializerMethodField()
    tasklist_members = serializers.SerializerMethodField()
    seconds_worked = serializers.SerializerMethodField()
    activity_count = serializers.SerializerMethodField()
    unread_activities_count = serializers.SerializerMethodField()
    draft_activities_count = serializers.SerializerMethodField()

    class Meta:
        model = Task
        fields = [
            "id",
            "title",
            "description",
            "url",
            "project",
            "task_list",
            "task_list_title",
            "section",
            "section_title",
            "position",
            "owner_user",
            "priority",
            "archived_yn",
            "archived_at",
            "today_yn",
            "starred_yn",
            "next_shift_yn",
            "join_task_to_user_id",
            "seconds_worked",
            "activity_count",
            "members",
            "tasklist_members",
            "unread_activities_count",
            "draft_activities_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def _mine(self, task) -> UserTask | None:
        user_id = self.context["request"].user.pk
        return next((ut for ut in task.user_tasks.all() if ut.user_id == user_id), None)

    def get_today_yn(self, task) -> bool:
        mine = self._mine(task)
        return bool(mine and mine.today_yn)

    def get_starred_yn(self, task) -> bool:
        mine = self._mine(task)
        return bool(mine and mine.starred_yn)

    def get_next_shift_yn(self, task) -> bool:
        mine = self._mine(task)
        return bool(mine and mine.next_shift_yn)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_join_task_to_user_id(self, task) -> int | None:
        mine = self._mine(task)
        return mine.pk if mine else None

    @extend_schema_field(TaskMemberSerializer(many=True))
    def get_members(self, task) -> list[dict]:
        joins = list(task.user_tasks.all())
        roles = {ut.user_id: ut.role_enum for ut in joins}
        return TaskMemberSerializer([ut.user for ut in joins], many=True, context={"roles": roles}).data

    def get_tasklist_members(self, task) -> list[int]:
        return [m.user_id for m in task.task_list.memberships.all()]

    def get_seconds_worked(self, task) -> int:
        """The caller's time on the task in their current work day (running tracker included);
        read once per answer, not per task."""
        if "seconds_worked" not in self.context:
            self.context["seconds_worked"] = current_seconds(user=self.context["request"].user)
        return self.context["seconds_worked"].get(task.pk, 0)

    # The activity counts are annotated by selectors.with_task_joins(user=...).
    def get_activity_count(self, task) -> int:
        return getattr(task, "activity_count", 0)

    def get_unread_activities_count(self, task) -> int:
        return getattr(task, "unread_activities_count", 0)

    def get_draft_activities_count(self, task) -> int:
        return getattr(task, "draft_activities_count", 0)


class TaskCreateSerializer(serializers.Serializer):
    section = serializers.IntegerField()
    title = StrictCharField(
        max_length=255,
        error_messages={
            "required": "You must specify the task name in order to create the task",
            "blank": "You must specify the task name in order to create the task",
        },
    )
    description = StrictCharField(required=False, allow_blank=True, max_length=20000, default="")
    url = serializers.URLField(
        required=False, allow_blank=True, allow_null=True, max_length=500, default=None
    )

    def validate_url(self, value: str | None) -> str | None:
        return value or None  # "" clears the link, like null

    priority = serializers.ChoiceField(choices=Priority.choices, default=Priority.NONE)
    owner_user = serializers.IntegerField(required=False, allow_null=True)


class TaskUpdateSerializer(serializers.Serializer):
    title = StrictCharField(
        max_length=255,
        required=False,
        error_messages={"blank": messages.TASK_TITLE_REQUIRED},
    )
    description = StrictCharField(required=False, allow_blank=True, max_length=20000)
    url = serializers.URLField(required=False, allow_blank=True, allow_null=True, max_length=500)
    priority = serializers.ChoiceField(choices=Priority.choices, required=False)
    owner_user = serializers.IntegerField(required=False, allow_null=True)
    members = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        max_length=100,
        help_text="Every member of the task besides its owner (user ids of project members).",
    )
    section = serializers.IntegerField(required=False)

    def validate_url(self, value: str | None) -> str | None:
        return value or None  # "" clears the link, like null


class TaskPageSerializer(serializers.Serializer):
    results = TaskSerializer(many=True)
    count = serializers.IntegerField()


class PriorityValueSerializer(serializers.Serializer):
    value = serializers.IntegerField()


class UserTaskSerializer(ModelSerializer):
    priority = serializers.SerializerMethodField()
    project_id = serializers.IntegerField(source="task.task_list.parent_project_id", read_only=True)

    class Meta:
        model = UserTask
        fields = [
            "id",
            "task",
            "user",
            "project_id",
            "today_yn",
            "starred_yn",
            "next_shift_yn",
            "priority",
            "role_enum",
        ]
        read_only_fields = fields

    @extend_schema_field(PriorityValueSerializer)
    def get_priority(self, user_task) -> dict:
        return {"value": user_task.priority}


class UserTaskWriteSerializer(serializers.Serializer):
    task = serializers.IntegerField()
    today_yn = JsonBooleanField(required=False)
    starred_yn = JsonBooleanField(required=False)
    next_shift_yn = JsonBooleanField(required=False)
    priority = serializers.ChoiceField(choices=Priority.choices, required=False)
    current_user = JsonBooleanField(required=False, help_text="Ignored: flags are always the caller's.")
    project_id = serializers.IntegerField(required=False, help_text="Ignored: the task names its project.")

    def to_internal_value(self, data):
        # The spec sends priority as {value}; accept that and a bare level.
        if hasattr(data, "get") and isinstance(data.get("priority"), dict):
            data = {**data, "priority": data["priority"].get("value")}
        return super().to_internal_value(data)


class UserTaskUpdateSerializer(UserTaskWriteSerializer):
    task = serializers.IntegerField(required=False, help_text="Ignored: a join keeps its task.")


class ProjectBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()
    hexColor = StrictCharField()  # noqa: N815 (spec name)


class ProjectTasksSerializer(serializers.Serializer):
    project = ProjectBriefSerializer()
    tasks = TaskSerializer(many=True)


class TaskCountsSerializer(serializers.Serializer):
    today_count = serializers.IntegerField()
    next_workday_count = serializers.IntegerField()
    starred_count = serializers.IntegerField()
