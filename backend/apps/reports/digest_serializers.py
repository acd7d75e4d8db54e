"""The morning digest's answer (issue 32, docs/reminders.md)."""

from rest_framework import serializers

from apps.checkout.models import CheckoutCheck
from apps.core.serializers import JsonBooleanField, StrictCharField
from apps.reports.digest import STATES


class DigestFailedCheckSerializer(serializers.Serializer):
    check = serializers.ChoiceField(choices=CheckoutCheck.choices)
    label = StrictCharField()
    critical = JsonBooleanField()


class DigestTimeOffSerializer(serializers.Serializer):
    type = StrictCharField(help_text="The time off type's name")
    half_day = JsonBooleanField()


class DigestMemberSerializer(serializers.Serializer):
    user_id = serializers.IntegerField()
    display_name = StrictCharField()
    state = serializers.ChoiceField(
        choices=STATES,
        help_text="checked_out: the day's checks ran (the member left through the checkout); "
        "not_checked_out: a work day without them; still_in_office: a shift of the day is open; "
        "no_work_day: nothing recorded that day",
    )
    work_day = serializers.IntegerField(allow_null=True, help_text="The day's work day, for its checkout")
    note_lines = serializers.ListField(child=StrictCharField(), help_text="The note's first lines (up to 3)")
    failed_checks = DigestFailedCheckSerializer(many=True)
    worked_seconds = serializers.IntegerField()
    expected_seconds = serializers.IntegerField(help_text="The day's target (docs/timeaccount.md)")
    time_off_today = DigestTimeOffSerializer(allow_null=True, help_text="Approved time off on the day after")


class DigestCountsSerializer(serializers.Serializer):
    checked_out = serializers.IntegerField()
    not_checked_out = serializers.IntegerField()
    still_in_office = serializers.IntegerField()
    no_work_day = serializers.IntegerField()


class DigestSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="The day the digest is about (default: your yesterday)")
    today = serializers.DateField(help_text="The day after it: whose time off is shown")
    counts = DigestCountsSerializer()
    members = DigestMemberSerializer(many=True)
