from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, ModelSerializer, StrictCharField
from apps.projects.models import Section
from apps.projects.services.sections import ACTIVE, REMOVED

SECTION_TABLE_CHOICES = [(ACTIVE, "Active"), (REMOVED, "Removed")]
SECTION_TITLE_REQUIRED = "Enter the section name."


class SectionSerializer(ModelSerializer):
    section = StrictCharField(source="title", read_only=True)
    parent_list = serializers.IntegerField(source="task_list_id", read_only=True)
    task_count = serializers.IntegerField(read_only=True, default=0)
    archived_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = Section
        fields = [
            "id",
            "title",
            "section",
            "task_list",
            "parent_list",
            "index",
            "removed_yn",
            "task_count",
            "archived_count",
        ]
        read_only_fields = fields


_title = {
    "max_length": 120,
    "error_messages": {"required": SECTION_TITLE_REQUIRED, "blank": SECTION_TITLE_REQUIRED},
}


class SectionCreateSerializer(serializers.Serializer):
    task_list = serializers.IntegerField()
    title = StrictCharField(**_title)


class SectionRenameSerializer(serializers.Serializer):
    title = StrictCharField(**_title)


class SectionMoveSerializer(serializers.Serializer):
    task_list = serializers.IntegerField()
    source_index = serializers.IntegerField(min_value=0)
    source_table = serializers.ChoiceField(choices=SECTION_TABLE_CHOICES)
    destination_index = serializers.IntegerField(min_value=0)
    destination_table = serializers.ChoiceField(choices=SECTION_TABLE_CHOICES)
    section = serializers.IntegerField(
        required=False, help_text="The moved section's id; when sent, a stale order answers 400."
    )


class SectionRemoveSerializer(serializers.Serializer):
    archive_tasks_confirmed = JsonBooleanField(default=False)


class SectionMergeSerializer(serializers.Serializer):
    into_section = serializers.IntegerField()


class SectionMoveToListSerializer(serializers.Serializer):
    task_list = serializers.IntegerField()


class SectionTaskCountSerializer(serializers.Serializer):
    section = SectionSerializer()
    count = serializers.IntegerField(help_text="How many tasks changed.")
