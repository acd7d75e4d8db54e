"""Closing the week's requests and answers (issue 28, docs/closing.md)."""

from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, StrictCharField
from apps.work.models import CorrectionKind, CorrectionState, PeriodState

MAX_REASON = 500


class PeriodSummarySerializer(serializers.Serializer):
    worked_seconds = serializers.IntegerField()
    expected_seconds = serializers.IntegerField(help_text="The period's target (docs/timeaccount.md)")
    difference_seconds = serializers.IntegerField(help_text="Worked minus expected")
    days_worked = serializers.IntegerField()
    days_with_failed_checks = serializers.ListField(child=serializers.DateField())
    days_without_checkout = serializers.ListField(child=serializers.DateField())


class PeriodSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="Null for a draft nobody acted on yet.")
    user_id = serializers.IntegerField()
    user_name = StrictCharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    state = serializers.ChoiceField(choices=PeriodState.choices)
    reason = StrictCharField(allow_blank=True)
    submitted_at = serializers.DateTimeField(allow_null=True)
    decided_at = serializers.DateTimeField(allow_null=True)
    decided_by_name = StrictCharField(allow_blank=True)
    summary = PeriodSummarySerializer()


class PeriodSubmitSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="Any day of the period to submit.")


class PeriodDecideSerializer(serializers.Serializer):
    period_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1), min_length=1, max_length=1000
    )
    approve = JsonBooleanField()
    reason = StrictCharField(max_length=MAX_REASON, required=False, allow_blank=True, default="")


class ReasonSerializer(serializers.Serializer):
    reason = StrictCharField(max_length=MAX_REASON)


class LockSerializer(serializers.Serializer):
    through = serializers.DateField(help_text="Every day up to and including this date closes.")
    user_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1),
        required=False,
        allow_null=True,
        max_length=1000,
        help_text="Chosen members; left out: everyone in the workspace.",
    )
    reason = StrictCharField(max_length=MAX_REASON, required=False, allow_blank=True, default="")


class LockResultSerializer(serializers.Serializer):
    locked = serializers.IntegerField(help_text="How many members' locks moved.")


class ClosedSpanSerializer(serializers.Serializer):
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    reason = StrictCharField()


class CorrectionCreateSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CorrectionKind.choices)
    shift = serializers.IntegerField(min_value=1, max_value=2**31 - 1, required=False)
    start_datetime = serializers.DateTimeField(required=False)
    end_datetime = serializers.DateTimeField(required=False)
    task = serializers.IntegerField(min_value=1, max_value=2**31 - 1, required=False)
    work_date = serializers.DateField(required=False)
    seconds = serializers.IntegerField(min_value=0, max_value=86400, required=False)
    reason = StrictCharField(max_length=MAX_REASON)


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user_id = serializers.IntegerField()
    user_name = StrictCharField()
    work_date = serializers.DateField()
    kind = serializers.ChoiceField(choices=CorrectionKind.choices)
    shift_id = serializers.IntegerField(allow_null=True)
    task_id = serializers.IntegerField(allow_null=True)
    start_datetime = serializers.DateTimeField(allow_null=True)
    end_datetime = serializers.DateTimeField(allow_null=True)
    seconds = serializers.IntegerField(allow_null=True)
    reason = StrictCharField()
    state = serializers.ChoiceField(choices=CorrectionState.choices)
    decided_by_name = StrictCharField(allow_blank=True)
    decision_reason = StrictCharField(allow_blank=True)
    can_decide = JsonBooleanField()


class CorrectionDecideSerializer(serializers.Serializer):
    accept = JsonBooleanField()
    reason = StrictCharField(max_length=MAX_REASON, required=False, allow_blank=True, default="")
