"""Reminders' switches and the emailed switch-off link (docs/reminders.md)."""

from rest_framework import serializers

from apps.accounts.reminders import FIELDS
from apps.core.serializers import JsonBooleanField, StrictCharField

REMINDER_CHOICES = list(FIELDS)
HOUR_RANGE = "Choose an hour from 0 to 23."


class ReminderSettingsSerializer(serializers.Serializer):
    """The member's reminders; each on unless they switched it off. `digest_hour`: the local hour
    the morning digest's email arrives (when `digest_email_yn`; only for those who read a digest)."""

    remind_office_start_yn = JsonBooleanField(help_text="Not in the office by the scheduled start")
    remind_checkout_note_yn = JsonBooleanField(help_text="Checkout note not written by the scheduled end")
    remind_tracker_yn = JsonBooleanField(help_text="Tracker still running at the end of the day")
    remind_closing_yn = JsonBooleanField(help_text="Period not submitted when periods close")
    digest_email_yn = JsonBooleanField(help_text="The morning digest by email")
    digest_hour = serializers.IntegerField(min_value=0, max_value=23)


class ReminderSettingsUpdateSerializer(serializers.Serializer):
    """Only the fields sent change; JSON booleans only (no 0 / 1 / "yes")."""

    remind_office_start_yn = JsonBooleanField(required=False)
    remind_checkout_note_yn = JsonBooleanField(required=False)
    remind_tracker_yn = JsonBooleanField(required=False)
    remind_closing_yn = JsonBooleanField(required=False)
    digest_email_yn = JsonBooleanField(required=False)
    digest_hour = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=23,
        error_messages={"min_value": HOUR_RANGE, "max_value": HOUR_RANGE},
    )

    def validate_digest_hour(self, value):
        if isinstance(self.initial_data.get("digest_hour"), bool | str):
            raise serializers.ValidationError(HOUR_RANGE)
        return value


class ReminderLinkSerializer(serializers.Serializer):
    token = StrictCharField(max_length=400, help_text="The token of the emailed link")


class ReminderLinkAnswerSerializer(serializers.Serializer):
    email = serializers.EmailField(help_text="Whose reminder the link switches off")
    reminder = serializers.ChoiceField(choices=REMINDER_CHOICES)
    label = StrictCharField()


class ReminderSwitchedOffSerializer(serializers.Serializer):
    detail = StrictCharField()
    reminder = serializers.ChoiceField(choices=REMINDER_CHOICES)
