"""The calendar's answer (docs/calendar.md); read-only, built from selectors.calendar."""

from rest_framework import serializers

from apps.core.serializers import DATETIME, JsonBooleanField, StrictCharField
from apps.work.serializers import CalendarImportStateSerializer

DATE = serializers.DateField()


class WorkedBlockSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["working", "taking_break"])
    start = serializers.DateTimeField()
    end = serializers.DateTimeField(allow_null=True, help_text="None: still open, it grows until now")
    shift_id = serializers.IntegerField(allow_null=True)
    manual = JsonBooleanField()


class PlannedBlockSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()
    notes = StrictCharField(allow_blank=True)
    calendar_uid = StrictCharField(allow_blank=True, help_text="Set when imported from a calendar feed")
    seconds = serializers.IntegerField(help_text="Seconds of the session on this day")


class DayTaskTimeSerializer(serializers.Serializer):
    task_id = serializers.IntegerField()
    task_title = StrictCharField()
    project_id = serializers.IntegerField()
    project_title = StrictCharField()
    color = StrictCharField()
    seconds = serializers.IntegerField()
    recording = JsonBooleanField()


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
    timezone = StrictCharField()
    from_date = serializers.DateField()
    to_date = serializers.DateField()
    now = serializers.DateTimeField()
    editable = JsonBooleanField(help_text="The caller's own calendar (observers read only)")
    can_add_manual_shifts = JsonBooleanField()
    calendar_import = CalendarImportStateSerializer(allow_null=True)
    days = CalendarDaySerializer(many=True)
    totals = CalendarTotalsSerializer()

    def to_representation(self, data: dict) -> dict:
        """The fields above, built by hand: a month is 42 days of nested blocks, and DRF's field
        objects per value were a third of the read's CPU. `tests/test_calendar.py` compares this
        with `drf_representation` byte for byte (a field added above must be added here too)."""
        return answer_data(data, [day_data(day) for day in data["days"]])

    def drf_representation(self, data: dict) -> dict:
        return super().to_representation(data)


def answer_data(data: dict, days: list[dict]) -> dict:
    """The answer with its `days` already written by `day_data` (the calendar's kept days are)."""
    state = data["calendar_import"]
    return {
        "user": int(data["user"]),
        "timezone": str(data["timezone"]),
        "from_date": DATE.to_representation(data["from_date"]),
        "to_date": DATE.to_representation(data["to_date"]),
        "now": DATETIME.to_representation(data["now"]),
        "editable": bool(data["editable"]),
        "can_add_manual_shifts": bool(data["can_add_manual_shifts"]),
        "calendar_import": None if state is None else _import_state(state),
        "days": days,
        "totals": {name: int(value) for name, value in data["totals"].items()},
    }


def _import_state(state: dict) -> dict:
    return {
        "configured": bool(state["configured"]),
        "last_import_at": DATETIME.to_representation(state["last_import_at"]),
        "last_failure_at": DATETIME.to_representation(state["last_failure_at"]),
        "failed": bool(state["failed"]),
        "last_error": str(state["last_error"]),
    }


def day_data(day: dict) -> dict:
    """One day as the API writes it (CalendarDaySerializer's fields, by hand)."""
    return {
        "date": DATE.to_representation(day["date"]),
        "iso_week": int(day["iso_week"]),
        "blocks": [
            {
                "status": block["status"],
                "start": DATETIME.to_representation(block["start"]),
                "end": DATETIME.to_representation(block["end"]),
                "shift_id": block["shift_id"],
                "manual": bool(block["manual"]),
            }
            for block in day["blocks"]
        ],
        "planned": [
            {
                "id": int(plan["id"]),
                "start": DATETIME.to_representation(plan["start"]),
                "end": DATETIME.to_representation(plan["end"]),
                "notes": str(plan["notes"]),
                "calendar_uid": str(plan["calendar_uid"]),
                "seconds": int(plan["seconds"]),
            }
            for plan in day["planned"]
        ],
        "tasks": [
            {
                "task_id": int(task["task_id"]),
                "task_title": str(task["task_title"]),
                "project_id": int(task["project_id"]),
                "project_title": str(task["project_title"]),
                "color": str(task["color"]),
                "seconds": int(task["seconds"]),
                "recording": bool(task["recording"]),
            }
            for task in day["tasks"]
        ],
        "worked_seconds": int(day["worked_seconds"]),
        "break_seconds": int(day["break_seconds"]),
        "planned_seconds": int(day["planned_seconds"]),
        "task_seconds": int(day["task_seconds"]),
    }


class CalendarFeedSerializer(serializers.Serializer):
    url = StrictCharField(allow_null=True, help_text="The private feed address; None: no feed (revoked)")
