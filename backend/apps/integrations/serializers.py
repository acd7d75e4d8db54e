from __future__ import annotations

from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, ModelSerializer, StrictCharField
from apps.integrations.models import EntryType, ExternalTimeEntry, SyncKind

CALENDAR_DATE = r"^\d{8}$"
CONFIG_OBJECT = "Send an object, or null to remove it."


class CalendarScheduleRequestSerializer(serializers.Serializer):
    start_date = serializers.RegexField(CALENDAR_DATE, help_text="YYYYMMDD")
    end_date = serializers.RegexField(CALENDAR_DATE, help_text="YYYYMMDD")


class SyncTimeEntriesRequestSerializer(serializers.Serializer):
    from_date = serializers.DateField()
    to_date = serializers.DateField()
    notify_user = JsonBooleanField(default=True)


class SyncTimeEntriesResultSerializer(serializers.Serializer):
    provider = StrictCharField()
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    deleted = serializers.IntegerField()
    total = serializers.IntegerField(help_text="Entries the tracker returned for the dates")


class TimeTrackerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    key = StrictCharField()
    title = StrictCharField()
    is_default = JsonBooleanField()


class ExternalEntrySerializer(ModelSerializer):
    type_enum = serializers.ChoiceField(choices=EntryType.choices)

    class Meta:
        model = ExternalTimeEntry
        fields = ["start_datetime", "end_datetime", "type_enum", "description"]


class SyncStateSerializer(serializers.Serializer):
    configured = JsonBooleanField()
    last_import_at = serializers.DateTimeField(allow_null=True)
    last_failure_at = serializers.DateTimeField(allow_null=True)
    failed = JsonBooleanField()
    last_error = StrictCharField(allow_blank=True)


def _config_field():
    return serializers.JSONField(
        required=False,
        allow_null=True,
        help_text="The owner's own settings (they hold credentials): see docs/integrations.md",
    )


class IntegrationSettingsSerializer(serializers.Serializer):
    external_calendar_config_json = _config_field()
    external_tracker_config_json = _config_field()
    time_tracker = TimeTrackerSerializer(allow_null=True, read_only=True)
    calendar = SyncStateSerializer(read_only=True)
    tracker = SyncStateSerializer(read_only=True)

    def _object(self, value):
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError(CONFIG_OBJECT)
        return value

    def validate_external_calendar_config_json(self, value):
        return self._object(value)

    def validate_external_tracker_config_json(self, value):
        return self._object(value)


class TestConnectionRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=SyncKind.choices)
    config = serializers.JSONField()

    def validate_config(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("Send the settings to test as an object.")
        return value


class TestConnectionResultSerializer(serializers.Serializer):
    ok = JsonBooleanField()
    message = StrictCharField()


class SyncErrorSerializer(serializers.Serializer):
    detail = StrictCharField()
