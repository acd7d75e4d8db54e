from __future__ import annotations

from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, JsonIntegerField, StrictCharField
from apps.timeaccount.models import (
    MAX_DAY_SECONDS,
    WEEKDAYS,
    AdjustmentKind,
    HolidayWork,
    TimeOffStatus,
    YearEnd,
)
from apps.work.serializers import BoundedDateField


class TimeAccountTodaySerializer(serializers.Serializer):
    worked = serializers.IntegerField()
    expected = serializers.IntegerField()
    holiday = StrictCharField(allow_null=True)
    holiday_work_flagged = JsonBooleanField(
        help_text="Worked on a holiday and the workspace flags such work (docs/timeaccount.md)."
    )


class TimeAccountPeriodSerializer(serializers.Serializer):
    from_date = serializers.DateField()
    to_date = serializers.DateField()
    worked = serializers.IntegerField()
    expected = serializers.IntegerField(help_text="The target of the period's days, today's in full.")
    difference = serializers.IntegerField(
        help_text="Worked minus the target of the closed days and of today as far as it was worked."
    )


class TimeAccountBalanceSerializer(serializers.Serializer):
    worked = serializers.IntegerField()
    expected = serializers.IntegerField()
    adjustments = serializers.IntegerField()
    year_end = serializers.IntegerField(
        help_text="What the workspace's year-end rule took off (or, resetting a deficit, gave back); "
        "balance = worked - expected + adjustments + year_end."
    )
    balance = serializers.IntegerField()


class TimeAccountSummarySerializer(serializers.Serializer):
    user = serializers.IntegerField()
    date = serializers.DateField()
    start_date = serializers.DateField()
    today = TimeAccountTodaySerializer()
    week = TimeAccountPeriodSerializer()
    month = TimeAccountPeriodSerializer()
    balance = TimeAccountBalanceSerializer()


class TimeAccountTeamSummarySerializer(serializers.Serializer):
    """A member's week and balance on the team page."""

    week = TimeAccountPeriodSerializer()
    balance = TimeAccountBalanceSerializer()


class TimeAccountPatternSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.IntegerField(source="user_id", allow_null=True)
    valid_from = BoundedDateField()
    weekday_seconds = serializers.ListField(child=serializers.IntegerField(), min_length=7, max_length=7)


class TimeAccountPatternsSerializer(serializers.Serializer):
    own = TimeAccountPatternSerializer(many=True)
    default = TimeAccountPatternSerializer(many=True)


class TimeAccountPatternWriteSerializer(serializers.Serializer):
    user = JsonIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="The member; null or absent: the workspace default.",
    )
    valid_from = BoundedDateField()
    weekday_seconds = serializers.ListField(
        child=JsonIntegerField(min_value=0, max_value=MAX_DAY_SECONDS),
        min_length=WEEKDAYS,
        max_length=WEEKDAYS,
    )


class TimeAccountHolidaySerializer(serializers.Serializer):
    date = serializers.DateField()
    name = StrictCharField()


class TimeAccountWorkspaceHolidaySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    name = StrictCharField()
    removed = JsonBooleanField()


class TimeAccountRegionSerializer(serializers.Serializer):
    country = StrictCharField(allow_blank=True, max_length=3)
    subdivision = StrictCharField(allow_blank=True, max_length=10, required=False, default="")


class TimeAccountHolidaysSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    region = TimeAccountRegionSerializer(help_text="The workspace's region.")
    member_region = TimeAccountRegionSerializer(allow_null=True, help_text="The member's override, if any.")
    holidays = TimeAccountHolidaySerializer(
        many=True, help_text="The member's holidays of the year, in date order."
    )
    changes = TimeAccountWorkspaceHolidaySerializer(
        many=True, help_text="The workspace's added and removed days."
    )


class TimeAccountHolidayWriteSerializer(serializers.Serializer):
    date = BoundedDateField()
    name = StrictCharField(max_length=120, allow_blank=True, required=False, default="")
    removed = JsonBooleanField(required=False, default=False)


class TimeAccountMemberWriteSerializer(serializers.Serializer):
    start_date = BoundedDateField(required=False)
    region = TimeAccountRegionSerializer(
        required=False, help_text="The member's override; an empty country removes it."
    )


class TimeAccountMemberSerializer(serializers.Serializer):
    user = serializers.IntegerField()
    start_date = serializers.DateField()
    member_region = TimeAccountRegionSerializer(allow_null=True)


class TimeAccountAdjustmentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.IntegerField(source="user_id")
    date = serializers.DateField()
    kind = serializers.ChoiceField(choices=AdjustmentKind.choices)
    seconds = serializers.IntegerField()
    reason = StrictCharField()
    created_by = StrictCharField(source="created_by.display_name", allow_null=True, default=None)
    created_at = serializers.DateTimeField()


class TimeAccountAdjustmentWriteSerializer(serializers.Serializer):
    user = JsonIntegerField(min_value=1)
    date = BoundedDateField()
    kind = serializers.ChoiceField(choices=AdjustmentKind.choices)
    seconds = JsonIntegerField(min_value=-36_000_000, max_value=36_000_000)
    reason = StrictCharField(max_length=500)


class TimeAccountTimeOffTypeSerializer(serializers.Serializer):
    id = JsonIntegerField(read_only=True)
    name = StrictCharField(max_length=60)
    color = StrictCharField(max_length=7, required=False)
    counts_as_worked = JsonBooleanField(required=False)
    yearly_allowance_half_days = JsonIntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=730,
        help_text="Days per year in half days; null: none kept.",
    )
    archived = JsonBooleanField(required=False)


class TimeAccountTimeOffTypeUpdateSerializer(TimeAccountTimeOffTypeSerializer):
    name = StrictCharField(max_length=60, required=False)


class TimeAccountTimeOffRequestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.IntegerField(source="user_id")
    user_name = serializers.SerializerMethodField()
    type = serializers.IntegerField(source="type_id")
    type_name = StrictCharField(source="type.name")
    type_color = StrictCharField(source="type.color")
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    half_day = JsonBooleanField()
    note = StrictCharField()
    status = serializers.ChoiceField(choices=TimeOffStatus.choices)
    decided_by = StrictCharField(source="decided_by.display_name", allow_null=True, default=None)
    decided_at = serializers.DateTimeField(allow_null=True)
    decision_reason = StrictCharField()

    def get_user_name(self, request) -> str:
        return request.user.display_name or request.user.full_name or request.user.email


class TimeAccountTimeOffCreateSerializer(serializers.Serializer):
    type = JsonIntegerField(min_value=1)
    start_date = BoundedDateField()
    end_date = BoundedDateField()
    half_day = JsonBooleanField(required=False, default=False)
    note = StrictCharField(max_length=500, required=False, allow_blank=True, default="")


class TimeAccountTimeOffDecisionSerializer(serializers.Serializer):
    ids = serializers.ListField(child=JsonIntegerField(min_value=1), min_length=1, max_length=100)
    approve = JsonBooleanField()
    reason = StrictCharField(max_length=500, required=False, allow_blank=True, default="")


class TimeAccountTimeOffAllowanceSerializer(serializers.Serializer):
    type = serializers.IntegerField()
    name = StrictCharField()
    allowance_days = serializers.FloatField(allow_null=True)
    used_days = serializers.FloatField()
    left_days = serializers.FloatField(allow_null=True)


MAX_CAP_SECONDS = 10_000 * 3600


class TimeAccountRulesSerializer(serializers.Serializer):
    """The workspace's rules of the balance (docs/timeaccount.md)."""

    year_end = serializers.ChoiceField(
        choices=YearEnd.choices,
        help_text="carry_all: the balance goes on; cap: a positive balance carries at most "
        "cap_seconds; reset: every year starts at zero.",
    )
    cap_seconds = JsonIntegerField(
        allow_null=True,
        required=False,
        default=None,
        min_value=0,
        max_value=MAX_CAP_SECONDS,
        help_text="With year_end cap only: the most a positive balance carries over.",
    )
    holiday_work = serializers.ChoiceField(
        choices=HolidayWork.choices, help_text="flagged: work on a holiday counts and is flagged on its day."
    )

    def validate(self, attrs):
        if (attrs["year_end"] == YearEnd.CAP) != (attrs.get("cap_seconds") is not None):
            raise serializers.ValidationError(
                {"cap_seconds": ["Give the cap in seconds with the cap rule, and only with it."]}
            )
        return attrs
