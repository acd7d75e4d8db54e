from rest_framework import serializers

from apps.checkout.models import CheckoutCheck, CheckoutCheckConfig, CheckoutCheckStatus
from apps.checkout.selectors import DAY_STATUS_CHOICES
from apps.core.params import MAX_ID
from apps.core.serializers import JsonBooleanField, ModelSerializer, StrictCharField


class CheckoutCheckStatusSerializer(ModelSerializer):
    checkout_failed_message = serializers.SerializerMethodField()

    class Meta:
        model = CheckoutCheckStatus
        fields = [
            "id",
            "checkout_check",
            "work_day",
            "work_date",
            "user",
            "critical_yn",
            "passed_yn",
            "n_checkout_items",
            "issue_json",
            "checkout_failed_message",
            "message_dismissed_yn",
        ]
        read_only_fields = fields

    def get_checkout_failed_message(self, status) -> str:
        return "" if status.passed_yn else str((status.issue_json or {}).get("checkout_failed_message", ""))


class DismissSerializer(serializers.Serializer):
    message_dismissed_yn = JsonBooleanField()


class DismissAllSerializer(serializers.Serializer):
    checkout_check = serializers.ChoiceField(choices=CheckoutCheck.choices, required=False, allow_null=True)


class DismissAllResultSerializer(serializers.Serializer):
    dismissed = serializers.IntegerField()


class WorkdayIdsSerializer(serializers.Serializer):
    workday_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), max_length=366, allow_empty=True
    )


class MarkedSerializer(serializers.Serializer):
    workday_ids = serializers.ListField(child=serializers.IntegerField())


class UserIdsSerializer(serializers.Serializer):
    user_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID), max_length=200, allow_empty=True
    )


class WorkdaySummarySerializer(serializers.Serializer):
    user_id = serializers.IntegerField()
    total_seconds = serializers.IntegerField()
    checkout_read_status = serializers.ChoiceField(choices=["read", "unread", "none"])
    checkout_work_day = serializers.IntegerField(allow_null=True)
    last_time_in_office = serializers.DateTimeField(allow_null=True)
    checkout_check = serializers.ChoiceField(choices=DAY_STATUS_CHOICES, allow_null=True)


class TeamWorkdaySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.IntegerField()
    work_date = serializers.DateField()
    checkout_notes = StrictCharField(allow_null=True)
    work_time_seconds = serializers.IntegerField()
    checkout_status = serializers.ChoiceField(choices=DAY_STATUS_CHOICES, allow_null=True)
    read_yn = JsonBooleanField()


class TeamWorkdaysSerializer(serializers.Serializer):
    workdays = TeamWorkdaySerializer(many=True)
    total_seconds_worked = serializers.IntegerField()


class DateStatusSerializer(serializers.Serializer):
    date = serializers.DateField()
    status = serializers.ChoiceField(choices=DAY_STATUS_CHOICES)


class LeaveSerializer(serializers.Serializer):
    leave_anyway = JsonBooleanField(default=False)


class LeaveResultSerializer(serializers.Serializer):
    left_yn = JsonBooleanField()
    checks = CheckoutCheckStatusSerializer(many=True)


class ChecksFailedSerializer(serializers.Serializer):
    detail = StrictCharField()
    failed_checks = CheckoutCheckStatusSerializer(many=True)


class CheckConfigSerializer(serializers.Serializer):
    checkout_check = serializers.ChoiceField(choices=CheckoutCheck.choices)
    title = StrictCharField(read_only=True)
    enabled_yn = JsonBooleanField()
    critical_yn = JsonBooleanField()
    threshold_seconds = serializers.IntegerField(min_value=0, max_value=24 * 3600)


class CheckConfigUpdateSerializer(serializers.Serializer):
    checkout_check = serializers.ChoiceField(choices=CheckoutCheck.choices)
    enabled_yn = JsonBooleanField(required=False)
    critical_yn = JsonBooleanField(required=False)
    threshold_seconds = serializers.IntegerField(min_value=0, max_value=24 * 3600, required=False)


__all__ = ["CheckoutCheckConfig"]


class CheckoutTaskCreateSerializer(serializers.Serializer):
    """Every field may come empty: the view answers the spec's own texts (spec 01 §5)."""

    project = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_ID)
    task_list = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_ID)
    section = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_ID)
    position = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ID,
        help_text="1..n+1 among the open tasks",
    )
    title = StrictCharField(required=False, allow_blank=True, trim_whitespace=False, max_length=255)


class DraftTaskSerializer(serializers.Serializer):
    task_id = serializers.IntegerField()
    title = StrictCharField()
    project_title = StrictCharField()
    seconds = serializers.IntegerField()
    recording = JsonBooleanField()


class DraftMeetingSerializer(serializers.Serializer):
    title = StrictCharField()
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()


class DraftOpenTaskSerializer(serializers.Serializer):
    task_id = serializers.IntegerField()
    title = StrictCharField()
    project_title = StrictCharField()
    next_shift = JsonBooleanField(help_text="Marked Next shift (else: marked Today, no time yet)")


class NotesDraftSerializer(serializers.Serializer):
    """What an empty checkout note can start from; the SPA writes it into the editor."""

    tasks = DraftTaskSerializer(many=True)
    meetings = DraftMeetingSerializer(many=True)
    open = DraftOpenTaskSerializer(many=True)
