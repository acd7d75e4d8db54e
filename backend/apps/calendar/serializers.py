"""The calendar's answer (docs/calendar.md); read-only, built from selectors.calendar."""

from rest_framework import serializers

from apps.work.serializers import CalendarImportStateSerializer


class WorkedBlockSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["working", "taking_break"])
    start = serializers.DateTimeField()
    end = serializers.DateTimeField(allow_null=True, help_text="None: still open, it grows until now")
    shift_id = serializers.IntegerField(allow_null=True)
    manual = serializers.BooleanField()


class PlannedBlockSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()
    notes = serializers.CharField(allow_blank=True)
    calendar_uid = serializers.CharField(allow_blank=True, help_text="Set when imported from a calendar feed")
    seconds = serializers.IntegerField(help_text="Seconds of the session on this day")


class DayTaskTimeSerializer(serializers.Serializer):
    task_id = serializers.IntegerField()
    task_title = serializers.CharField()
    project_id = serializers.IntegerField()
    project_title = serializers.CharField()
    color = serializers.CharField()
    seconds = serializers.IntegerField()
    recording = serializers.BooleanField()


class CalendarDaySerializer(serializers.Serializer):
    date = serializers.DateField()
    iso_week = serializers.IntegerField()
    blocks = WorkedBlockSerializer(many=True)
    planned = PlannedBlockSerializer(many=True)
    tasks = DayTaskTimeSerializer(many=True)
    worked_seconds = serializers.IntegerField()
    break_seconds = serializers.IntegerField()
    planned_seconds = serializers.IntegerField()
    task_seconds = serializers.IntegerField()


class CalendarTotalsSerializer(serializers.Serializer):
    worked_seconds = serializers.IntegerField()
    break_seconds = serializers.IntegerField()
    planned_seconds = serializers.IntegerField()
    task_seconds = serializers.IntegerField()


class CalendarSerializer(serializers.Serializer):
    user = serializers.IntegerField()
    timezone = serializers.CharField()
    from_date = serializers.DateField()
    to_date = serializers.DateField()
    now = serializers.DateTimeField()
    editable = serializers.BooleanField(help_text="The caller's own calendar (observers read only)")
    can_add_manual_shifts = serializers.BooleanField()
    calendar_import = CalendarImportStateSerializer(allow_null=True)
    days = CalendarDaySerializer(many=True)
    totals = CalendarTotalsSerializer()


class CalendarFeedSerializer(serializers.Serializer):
    url = serializers.CharField(
        allow_null=True, help_text="The private feed address; None: no feed (revoked)"
    )
