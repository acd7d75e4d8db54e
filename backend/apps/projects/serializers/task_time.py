from rest_framework import serializers

from apps.core.params import MAX_ID
from apps.core.serializers import JsonBooleanField, ModelSerializer, StrictCharField
from apps.projects.models import TaskTime, TrackerStatus
from apps.projects.time_selectors import live_seconds

DAY_SECONDS = 24 * 3600


class TaskTimeSerializer(ModelSerializer):
    """`seconds_worked` is live: a running tracker interval on the row is counted up to now."""

    seconds_worked = serializers.SerializerMethodField()
    task_title = StrictCharField(source="task.title", read_only=True)

    class Meta:
        model = TaskTime
        fields = [
            "id",
            "user",
            "task",
            "task_title",
            "work_day",
            "project",
            "seconds_worked",
            "record_start_datetime",
            "recording_yn",
            "changed_yn",
            "changed_datetime",
        ]
        read_only_fields = fields

    def get_seconds_worked(self, row) -> int:
        return live_seconds(row, self.context.get("running"))


class UserTaskTimeSerializer(TaskTimeSerializer):
    work_date = serializers.DateField(source="work_day.work_date", read_only=True)

    class Meta(TaskTimeSerializer.Meta):
        fields = [*TaskTimeSerializer.Meta.fields, "work_date"]
        read_only_fields = fields


class TaskTimeChangeSerializer(serializers.Serializer):
    task = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    work_day = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="Defaults to your work day of today."
    )
    seconds = serializers.IntegerField(
        min_value=-DAY_SECONDS,
        max_value=DAY_SECONDS,
        required=False,
        help_text="Seconds to add (negative: remove): 600, 3600, -600, -3600 from the popover.",
    )
    all_unallocated = JsonBooleanField(
        required=False, default=False, help_text="Put all the day's unallocated time on the task."
    )

    def validate(self, attrs):
        seconds = attrs.get("seconds")
        if attrs["all_unallocated"]:
            if seconds is not None:
                raise serializers.ValidationError({"seconds": ["Send seconds or all_unallocated, not both."]})
        elif not seconds:
            raise serializers.ValidationError({"seconds": ["Send a number of seconds other than 0."]})
        return attrs


class WorkDayTaskWriteSerializer(serializers.Serializer):
    task = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    user = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False, help_text="You.")
    work_day = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="Default: your work day of today."
    )


class WorkDayProjectDeleteSerializer(serializers.Serializer):
    project = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    user = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False, help_text="You.")
    work_day = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="Default: your work day of today."
    )


class AllocatedProjectSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()
    color = StrictCharField()


class AllocatedTaskRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()


class AllocatedTaskSerializer(serializers.Serializer):
    task = AllocatedTaskRefSerializer()
    total_seconds = serializers.IntegerField()


class AllocatedProjectTimeSerializer(serializers.Serializer):
    project = AllocatedProjectSerializer()
    tasks = AllocatedTaskSerializer(many=True)
    total_seconds = serializers.IntegerField()


class AllocatedTimeSerializer(serializers.Serializer):
    allocated_time = AllocatedProjectTimeSerializer(many=True)
    total_seconds = serializers.IntegerField()


class WorkDayTaskTimeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()
    project = serializers.IntegerField()
    task_list = serializers.IntegerField()
    section = serializers.IntegerField()
    seconds_worked = serializers.IntegerField()
    recording_yn = JsonBooleanField()


class TrackerStateSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=TrackerStatus.choices)
    task = serializers.IntegerField(allow_null=True, help_text="The task tracked or paused.")
    last_task = serializers.IntegerField(allow_null=True, help_text="What resume restores.")
    started_at = serializers.DateTimeField(allow_null=True, help_text="Start of the running interval.")
    work_day = serializers.IntegerField(allow_null=True)
    seconds_worked = serializers.IntegerField(help_text="Live time on `task` in that work day.")


class TrackerStartSerializer(serializers.Serializer):
    task = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    end_break = JsonBooleanField(
        required=False,
        default=False,
        help_text="On a break, the user agreed 'If you continue, your break will end.'",
    )
