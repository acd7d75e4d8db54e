import json

from rest_framework import serializers

from apps.accounts.models import GuardianPolicy
from apps.core.params import MAX_ID
from apps.core.serializers import (
    DATETIME,
    AbsoluteImageField,
    JsonBooleanField,
    ModelSerializer,
    PlannedFieldsMixin,
    StrictCharField,
    choice_value,
)
from apps.core.timeutils import BAD_DATE, DATE_OUT_OF_RANGE, MAX_DATE, MIN_DATE
from apps.work import presence
from apps.work.models import (
    ACTIVE_STATUS_CHOICES,
    PENDING_PROMPT_CHOICES,
    PromptCause,
    StatusRecord,
    StatusType,
    WorkDay,
    WorkShift,
    WorkShiftSchedule,
)


class BoundedDateField(serializers.DateField):
    """A date within the range the product accepts (see timeutils.MIN_DATE / MAX_DATE)."""

    def to_internal_value(self, value):
        day = super().to_internal_value(value)
        if not MIN_DATE <= day <= MAX_DATE:
            raise serializers.ValidationError(DATE_OUT_OF_RANGE)
        return day


class BoundedDateTimeField(serializers.DateTimeField):
    def to_internal_value(self, value):
        instant = super().to_internal_value(value)
        if not MIN_DATE <= instant.date() <= MAX_DATE:
            raise serializers.ValidationError(DATE_OUT_OF_RANGE)
        return instant


OUT_OF_OFFICE_RECORD = {
    "id": None,
    "status_enum_identifier": StatusType.OUT_OF_OFFICE.value,
    "start_datetime": None,
    "end_datetime": None,
    "deleted_yn": False,
}


class StatusRecordSerializer(PlannedFieldsMixin, ModelSerializer):
    id = serializers.IntegerField(allow_null=True, read_only=True)
    status_enum_identifier = serializers.ChoiceField(choices=StatusType.choices)
    start_datetime = serializers.DateTimeField(allow_null=True)
    end_datetime = serializers.DateTimeField(allow_null=True)

    class Meta:
        model = StatusRecord
        fields = ["id", "status_enum_identifier", "start_datetime", "end_datetime", "deleted_yn"]

    def to_representation(self, record: StatusRecord) -> dict:
        """The fields above, built by hand (every `me`, status and teammates read writes one);
        `apps/projects/tests/test_serializers_plain.py` compares it with `drf_representation`
        byte for byte."""
        return {
            "id": None if record.id is None else int(record.id),
            "status_enum_identifier": choice_value(record.status_enum_identifier),
            "start_datetime": DATETIME.to_representation(record.start_datetime),
            "end_datetime": DATETIME.to_representation(record.end_datetime),
            "deleted_yn": bool(record.deleted_yn),
        }

    def drf_representation(self, record: StatusRecord) -> dict:
        return super().to_representation(record)


def status_payload(record: StatusRecord | None) -> dict:
    return StatusRecordSerializer(record).data if record is not None else dict(OUT_OF_OFFICE_RECORD)


class StatusChangeSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(
        choices=ACTIVE_STATUS_CHOICES,
        error_messages={"invalid_choice": "Choose working or taking_break."},
    )
    effective_at = serializers.DateTimeField(
        required=False,
        help_text=(
            "When the member clicked (a change sent later, e.g. after being offline): at most 12 hours "
            "ago and not before the current status started; within 2 minutes of now it counts as now "
            "(docs/offline.md). Defaults to now."
        ),
    )


class StatusTypeSerializer(serializers.Serializer):
    id = StrictCharField()
    title = StrictCharField()


class CurrentStatusDurationSerializer(serializers.Serializer):
    status_id = serializers.ChoiceField(choices=StatusType.choices)
    status_record_id = serializers.IntegerField(allow_null=True)
    duration = serializers.IntegerField(help_text="Whole seconds in the current status.")


class StatusHistoryEntrySerializer(ModelSerializer):
    class Meta:
        model = StatusRecord
        fields = ["id", "start_datetime", "end_datetime", "status_enum_identifier", "user", "work_shift"]


class WorkDaySerializer(ModelSerializer):
    class Meta:
        model = WorkDay
        fields = [
            "id",
            "user",
            "work_date",
            "checkout_notes",
            "start_datetime",
            "end_datetime",
            "work_time_seconds",
            "schedule_notes",
        ]
        read_only_fields = fields


class WorkDayCreateSerializer(serializers.Serializer):
    user = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="Only yourself; defaults to you."
    )
    work_date = BoundedDateField(error_messages={"invalid": BAD_DATE, "required": BAD_DATE})
    with_checkout = JsonBooleanField(default=False)


NOTES_MAX = 100_000
BAD_NOTES = "The checkout note is not a valid rich-text document."
BAD_NOTE_LINK = "A link in the note must be an http, https or mailto address."
NOTE_LINK_SCHEMES = frozenset({"http", "https", "mailto"})


def _link_allowed(url) -> bool:
    """What the SPA's link tool accepts: http(s) and mailto only (never javascript: or data:)."""
    if not isinstance(url, str):
        return False
    scheme, sep, _rest = url.strip().partition(":")
    return bool(sep) and scheme.lower() in NOTE_LINK_SCHEMES and all(c >= " " for c in url)


class WorkDayUpdateSerializer(serializers.Serializer):
    checkout_notes = StrictCharField(
        allow_blank=True,
        allow_null=True,
        required=False,
        trim_whitespace=False,
        max_length=NOTES_MAX,
        help_text="draft-js raw content as a JSON string ({blocks, entityMap}), plain text, or null.",
    )

    def validate_checkout_notes(self, value: str | None) -> str | None:
        # A value that looks like JSON must be a draft-js raw document; anything else is plain text.
        if value and value.lstrip().startswith("{"):
            try:
                doc = json.loads(value)
            except ValueError:
                raise serializers.ValidationError(BAD_NOTES) from None
            if not (
                isinstance(doc, dict)
                and isinstance(doc.get("blocks"), list)
                and isinstance(doc.get("entityMap", {}), dict)
                and all(isinstance(b, dict) and isinstance(b.get("text", ""), str) for b in doc["blocks"])
            ):
                raise serializers.ValidationError(BAD_NOTES)
            for entity in doc.get("entityMap", {}).values():
                data = entity.get("data") if isinstance(entity, dict) else None
                if not isinstance(data, dict):
                    continue
                if any(key in data and not _link_allowed(data[key]) for key in ("url", "href")):
                    raise serializers.ValidationError(BAD_NOTE_LINK)
        return value

    work_date = BoundedDateField(required=False, error_messages={"invalid": BAD_DATE})
    user = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class WorkShiftSerializer(ModelSerializer):
    class Meta:
        model = WorkShift
        fields = [
            "id",
            "work_day",
            "start_datetime",
            "end_datetime",
            "manual_work_shift_yn",
            "shift_changed_manually",
            "work_time_changed_manually",
            "break_time_changed_manually",
            "work_shift_notes",
            "work_time",
            "break_time",
            "active_time",
            "manual_time",
            "inactive_time",
            "processing_time",
            "level",
        ]
        read_only_fields = fields


class WorktimeSummarySerializer(serializers.Serializer):
    date = serializers.DateField()
    work_time = serializers.IntegerField()
    break_time = serializers.IntegerField()
    active_time = serializers.IntegerField()
    manual_time = serializers.IntegerField()
    processing_time = serializers.IntegerField()
    tasks_allocated_time = serializers.IntegerField(help_text="0 until task time exists.")
    tracked_time = serializers.IntegerField(help_text="0 until external trackers are synced.")

    def to_representation(self, summary: dict) -> dict:
        # A hot read: written by hand, equal to DRF's answer (test_serializers_plain.py) without
        # copying eight fields per call.
        return {"date": summary["date"].isoformat(), **{name: int(summary[name]) for name in _SUMMARY_TIMES}}

    def drf_representation(self, summary: dict) -> dict:
        return super().to_representation(summary)


_SUMMARY_TIMES = (
    "work_time",
    "break_time",
    "active_time",
    "manual_time",
    "processing_time",
    "tasks_allocated_time",
    "tracked_time",
)


class WorkShiftScheduleSerializer(ModelSerializer):
    last_updated_at = serializers.DateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = WorkShiftSchedule
        fields = [
            "id",
            "user",
            "start_datetime",
            "end_datetime",
            "work_time_seconds",
            "schedule_notes",
            "last_updated_at",
        ]
        read_only_fields = ["id", "user", "work_time_seconds", "last_updated_at"]


class WorkShiftScheduleWriteSerializer(serializers.Serializer):
    start_datetime = BoundedDateTimeField(required=False)
    end_datetime = BoundedDateTimeField(required=False)
    schedule_notes = StrictCharField(allow_blank=True, required=False, max_length=2000)


class CalendarSessionSerializer(ModelSerializer):
    last_updated_at = serializers.DateTimeField(source="updated_at", read_only=True)

    class Meta:
        model = WorkShiftSchedule
        fields = ["id", "start_datetime", "end_datetime", "work_time_seconds", "last_updated_at"]


class CalendarImportStateSerializer(serializers.Serializer):
    configured = JsonBooleanField()
    last_import_at = serializers.DateTimeField(allow_null=True, help_text="Last successful import")
    last_failure_at = serializers.DateTimeField(allow_null=True)
    failed = JsonBooleanField(help_text="The latest import failed (the tooltip says so)")
    last_error = StrictCharField(allow_blank=True)


class NextCalendarScheduleSerializer(serializers.Serializer):
    calendar_import = CalendarImportStateSerializer(
        allow_null=True, help_text="The calendar feed import's state (null when no app provides it)"
    )
    last_updated = serializers.DateTimeField(allow_null=True)
    today_date = serializers.DateField()
    today_sessions = CalendarSessionSerializer(many=True)
    next_workday_date = serializers.DateField(allow_null=True)
    next_workday_work_time = serializers.IntegerField()
    next_workday_sessions = CalendarSessionSerializer(many=True)


class InvisibleModeSerializer(serializers.Serializer):
    enabled = JsonBooleanField()


class InvisibleModeStateSerializer(serializers.Serializer):
    invisible_mode_yn = JsonBooleanField()
    allow_invisible_mode = JsonBooleanField()


class NextWorkdaySerializer(serializers.Serializer):
    date = serializers.DateField()
    start_datetime = serializers.DateTimeField()
    end_datetime = serializers.DateTimeField()
    work_time_seconds = serializers.IntegerField()


class TeammateSerializer(serializers.Serializer):
    user = serializers.IntegerField()
    avatar = AbsoluteImageField(allow_null=True)
    city = StrictCharField()
    country = StrictCharField()
    full_name = StrictCharField()
    display_name = StrictCharField()
    timezone = StrictCharField()
    utc_offset_minutes = serializers.IntegerField(help_text="The teammate's offset from UTC now.")
    role = StrictCharField(help_text="what_i_do")
    status = serializers.ChoiceField(choices=StatusType.choices)
    has_tracker = JsonBooleanField()
    today_starttime = serializers.DateTimeField(allow_null=True)
    today_endtime = serializers.DateTimeField(allow_null=True)
    next_workday = NextWorkdaySerializer(allow_null=True)
    pinned_yn = JsonBooleanField()
    left_the_office_today_yn = JsonBooleanField()
    is_self = JsonBooleanField()
    presence = serializers.ChoiceField(
        choices=[("active", "active"), ("idle", "idle"), ("away", "away")],
        allow_null=True,
        help_text="Whether the member is really there (docs/presence.md): active (a tab or device used "
        "within the workspace's idle time), idle, or away ('last seen'); null: never seen, or hidden "
        "(invisible mode).",
    )
    presence_since = serializers.DateTimeField(
        allow_null=True, help_text="Active: since when; idle or away: the last activity."
    )


def teammate_rows_data(rows: list[dict], *, request=None) -> list[dict]:
    """Presence rows (`presence.member_rows`) as the teammates strip answers them: the one
    rendering of a row, used by the strip's read and by the live events that carry a row. Plain
    dicts (the shared strip is pickled into the cache; a ReturnList holds its serializer). Avatars
    are absolute from `request`, else from the request being answered (AbsoluteImageField)."""
    return [dict(row) for row in TeammateSerializer(rows, many=True, context={"request": request}).data]


class TeammatePinSerializer(serializers.Serializer):
    user = serializers.IntegerField()
    pinned_yn = JsonBooleanField()


class ShiftStatusItemSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(
        choices=ACTIVE_STATUS_CHOICES, error_messages={"invalid_choice": "Choose working or taking_break."}
    )
    start_datetime = BoundedDateTimeField()
    end_datetime = BoundedDateTimeField()


class ShiftTimesSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="Absent: a new manual shift."
    )
    start_datetime = BoundedDateTimeField(required=False)
    end_datetime = BoundedDateTimeField(required=False)
    work_shift_notes = StrictCharField(required=False, allow_blank=True, max_length=5000)


class ChangeLogReasonSerializer(serializers.Serializer):
    reason = StrictCharField(required=False, allow_blank=True, max_length=500)


class ShiftModificationSerializer(serializers.Serializer):
    work_shift = ShiftTimesSerializer()
    status_list = ShiftStatusItemSerializer(many=True, required=False, max_length=50)
    change_log = ChangeLogReasonSerializer(required=False)


class WorkShiftNotesSerializer(serializers.Serializer):
    work_shift_notes = StrictCharField(allow_blank=True, max_length=5000, trim_whitespace=False)
    reason = StrictCharField(required=False, allow_blank=True, max_length=500)


class ShiftDeleteErrorSerializer(serializers.Serializer):
    Error = StrictCharField()


class ChangeLogUserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = StrictCharField()


class ContentObjectSerializer(serializers.Serializer):
    type = StrictCharField()
    id = serializers.IntegerField()


class ChangeLogSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.IntegerField(source="user_id")
    modified_user = ChangeLogUserSerializer(allow_null=True)
    changed_value_type_enum = StrictCharField()
    content_object = serializers.SerializerMethodField()
    work_date = serializers.DateField()
    changed_datetime = serializers.DateTimeField()
    old_value = serializers.JSONField(allow_null=True)
    new_value = serializers.JSONField(allow_null=True)
    reason = StrictCharField()

    def get_content_object(self, entry) -> ContentObjectSerializer:
        return {"type": entry.content_type, "id": entry.object_id}


class ChangeLogPageSerializer(serializers.Serializer):
    results = ChangeLogSerializer(many=True)
    count = serializers.IntegerField()


class UserStatus:
    """Accounts' `hooks.user_status` (provided in WorkConfig.ready): a user's status payload as
    the viewer sees it, and the statuses of many users at once (the one visibility rule)."""

    def status(self, *, user, viewer) -> dict:
        return status_payload(presence.visible_status_record(user=user, viewer=viewer))

    def statuses(self, *, users: list, viewer) -> dict[int, str]:
        return presence.seen_statuses(users=users, viewer=viewer)


# --- the shift guardian (issue 32, docs/guardian.md) -------------------------------------------------


class ShiftPromptSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    cause = serializers.ChoiceField(choices=PromptCause.choices)
    state = serializers.ChoiceField(
        choices=PENDING_PROMPT_CHOICES,
        help_text="asked: 'Still working?'; proposed: no answer in time, the end is proposed; applied: "
        "the shift was ended automatically (keep or undo)",
    )
    message = StrictCharField(help_text="What the notification and the email said")
    work_shift = serializers.IntegerField(source="work_shift_id")
    shift_start = serializers.DateTimeField(source="work_shift.start_datetime")
    asked_at = serializers.DateTimeField()
    answer_by = serializers.DateTimeField()
    last_activity_at = serializers.DateTimeField(help_text="Where 'end at my last activity' ends the shift")
    schedule_end = serializers.DateTimeField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True, help_text="When the automatic end was made")
    policy = serializers.ChoiceField(
        choices=GuardianPolicy.choices,
        source="user.workspace.guardian_policy",
        help_text="What happens without an answer by answer_by",
    )


class ShiftPromptStateSerializer(serializers.Serializer):
    prompt = ShiftPromptSerializer(allow_null=True, help_text="The pending 'Still working?', or null")


class ShiftPromptAnswerSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(
        choices=["still_working", "end", "keep", "undo"],
        help_text="still_working / end while asked or proposed; keep / undo (with a reason) after an "
        "automatic end",
    )
    reason = StrictCharField(max_length=500, allow_blank=True, default="")
