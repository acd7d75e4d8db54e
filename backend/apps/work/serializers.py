from rest_framework import serializers

from apps.work.models import ACTIVE_STATUS_CHOICES, StatusRecord, StatusType

OUT_OF_OFFICE_RECORD = {
    "id": None,
    "status_enum_identifier": StatusType.OUT_OF_OFFICE.value,
    "start_datetime": None,
    "end_datetime": None,
    "deleted_yn": False,
}


class StatusRecordSerializer(serializers.ModelSerializer):
    id = serializers.IntegerField(allow_null=True, read_only=True)
    status_enum_identifier = serializers.ChoiceField(choices=StatusType.choices)
    start_datetime = serializers.DateTimeField(allow_null=True)
    end_datetime = serializers.DateTimeField(allow_null=True)

    class Meta:
        model = StatusRecord
        fields = ["id", "status_enum_identifier", "start_datetime", "end_datetime", "deleted_yn"]


def status_payload(record: StatusRecord | None) -> dict:
    return StatusRecordSerializer(record).data if record is not None else dict(OUT_OF_OFFICE_RECORD)


class StatusChangeSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(
        choices=ACTIVE_STATUS_CHOICES,
        error_messages={"invalid_choice": "Choose working or taking_break."},
    )


class StatusTypeSerializer(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()
