"""The work-time table's answer (JSON); the CSV is written by worktime_table.csv_lines."""

from rest_framework import serializers

from apps.checkout.day_status import DAY_STATUS_CHOICES
from apps.core.serializers import AbsoluteImageField, JsonBooleanField, StrictCharField


class TrackedCellSerializer(serializers.Serializer):
    total_seconds = serializers.IntegerField()
    total_seconds_manually = serializers.IntegerField()
    added_manually = JsonBooleanField()
    tracked_level_percentage = serializers.IntegerField()


class TableShiftSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    start_datetime = serializers.DateTimeField()
    end_datetime = serializers.DateTimeField(allow_null=True)
    manual_work_shift_yn = JsonBooleanField()
    notes = StrictCharField()
    office_hours_in_seconds = serializers.IntegerField()
    break_in_seconds = serializers.IntegerField()
    allocated_time = serializers.IntegerField()
    tracked = TrackedCellSerializer()


class TableScheduleSerializer(serializers.Serializer):
    start_datetime = serializers.DateTimeField()
    end_datetime = serializers.DateTimeField()
    total_seconds = serializers.IntegerField()
    notes = StrictCharField()


class WorkHoursSerializer(serializers.Serializer):
    total_seconds = serializers.IntegerField()
    notes = StrictCharField(allow_null=True, help_text="The day's checkout note (rich-text JSON or text).")


class TableUserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = StrictCharField()
    full_name = StrictCharField()
    avatar = AbsoluteImageField(allow_null=True)
    timezone = StrictCharField()
    has_tracker = serializers.SerializerMethodField(
        help_text="The member has a time tracker configured: tracked time is theirs to show (spec 01 §6)."
    )

    def get_has_tracker(self, user) -> bool:
        return bool(user.external_tracker_config_json)


class TimeOffCellSerializer(serializers.Serializer):
    name = StrictCharField(help_text="The time-off type's name.")
    color = StrictCharField()
    half_day = JsonBooleanField()


class ExpectedCellSerializer(serializers.Serializer):
    total_seconds = serializers.IntegerField(help_text="The day's target (docs/timeaccount.md).")
    holiday = StrictCharField(allow_null=True, help_text="The holiday's name on a holiday.")
    holiday_work_flagged = JsonBooleanField(
        help_text="Worked on a holiday and the workspace flags such work."
    )
    time_off = TimeOffCellSerializer(many=True, help_text="The approved time off on the day.")
    time_off_seconds = serializers.IntegerField(help_text="The part of the day's target time off covers.")


class WorktimeRowSerializer(serializers.Serializer):
    date = serializers.DateField()
    user = serializers.IntegerField()
    work_day = serializers.IntegerField(allow_null=True)
    shifts = TableShiftSerializer(many=True)
    schedules = TableScheduleSerializer(many=True)
    work_hours = WorkHoursSerializer()
    allocated_time = serializers.IntegerField()
    tracked = TrackedCellSerializer()
    expected = ExpectedCellSerializer()
    difference_seconds = serializers.IntegerField(help_text="Work hours minus expected.")
    checkout_status = serializers.ChoiceField(
        choices=DAY_STATUS_CHOICES,
        allow_null=True,
        required=False,
        help_text="The day's checkout status; null when there is nothing to say about the day",
    )


class WorktimeTotalsSerializer(serializers.Serializer):
    total_allocated_time_in_seconds = serializers.IntegerField()
    total_office_hours_in_seconds = serializers.IntegerField()
    total_break_in_seconds = serializers.IntegerField()
    total_scheduled_in_seconds = serializers.IntegerField()
    total_tracked_in_seconds = serializers.IntegerField()
    total_tracked_level_percentage = serializers.IntegerField()
    total_work_hours_in_seconds = serializers.IntegerField()
    total_expected_in_seconds = serializers.IntegerField()
    total_difference_in_seconds = serializers.IntegerField()
    total_time_off_in_seconds = serializers.IntegerField(help_text="The target approved time off covers.")


class WorktimeTableSerializer(serializers.Serializer):
    from_date = serializers.DateField()
    to_date = serializers.DateField()
    group_by = serializers.ChoiceField(choices=["date", "member"])
    users = TableUserSerializer(many=True)
    rows = WorktimeRowSerializer(many=True)
    totals = WorktimeTotalsSerializer()


class GridTaskSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = StrictCharField()
    project = serializers.IntegerField()
    project_title = StrictCharField()
    color = StrictCharField(help_text="The project's color")
    task_list = serializers.IntegerField()
    task_list_title = StrictCharField()


class GridDaySerializer(serializers.Serializer):
    date = serializers.DateField()
    work_day = serializers.IntegerField(
        allow_null=True, help_text="Null: no work that day (no time can go on it)"
    )
    work_seconds = serializers.IntegerField(help_text="The day's work time, as the work-time table counts it")
    allocated_seconds = serializers.IntegerField()
    closed = StrictCharField(allow_null=True, help_text="Why the day is closed (docs/closing.md); null: open")


class GridRowSerializer(serializers.Serializer):
    task = GridTaskSerializer()
    seconds = serializers.ListField(
        child=serializers.IntegerField(), help_text="One per day, in the days' order"
    )
    total_seconds = serializers.IntegerField()


class WeekGridSerializer(serializers.Serializer):
    """History's week grid (issue 31): the caller's time on tasks per day."""

    from_date = serializers.DateField()
    to_date = serializers.DateField()
    days = GridDaySerializer(many=True)
    rows = GridRowSerializer(many=True)
    work_seconds = serializers.IntegerField()
    allocated_seconds = serializers.IntegerField()
