from django.conf import settings
from django.db import models

from apps.core.models import TimeStampedModel


class StatusType(models.TextChoices):
    WORKING = "working", "Working"
    TAKING_BREAK = "taking_break", "On a break"
    OUT_OF_OFFICE = "out_of_office", "Out of Office"


# The statuses a user can switch to; out_of_office is reached by leaving the office.
ACTIVE_STATUS_CHOICES = [
    (StatusType.WORKING.value, StatusType.WORKING.label),
    (StatusType.TAKING_BREAK.value, StatusType.TAKING_BREAK.label),
]


class WorkDay(TimeStampedModel):
    """One per user and local date (the user's own timezone)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="work_days")
    work_date = models.DateField()
    checkout_notes = models.TextField(null=True, blank=True)
    start_datetime = models.DateTimeField(null=True, blank=True)
    end_datetime = models.DateTimeField(null=True, blank=True)
    work_time_seconds = models.PositiveIntegerField(default=0)
    schedule_notes = models.TextField(blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "work_date"], name="unique_work_day_per_user_date")
        ]
        ordering = ["-work_date"]

    def __str__(self) -> str:
        return f"{self.user_id} {self.work_date}"


class WorkShift(TimeStampedModel):
    """Opens when the user enters the office, closes when they leave."""

    work_day = models.ForeignKey(WorkDay, on_delete=models.CASCADE, related_name="shifts")
    start_datetime = models.DateTimeField()
    end_datetime = models.DateTimeField(null=True, blank=True)
    manual_work_shift_yn = models.BooleanField(default=False)
    shift_changed_manually = models.BooleanField(default=False)
    work_time_changed_manually = models.BooleanField(default=False)
    break_time_changed_manually = models.BooleanField(default=False)
    work_shift_notes = models.TextField(blank=True, default="")
    work_time = models.PositiveIntegerField(default=0)
    break_time = models.PositiveIntegerField(default=0)
    active_time = models.PositiveIntegerField(default=0)
    manual_time = models.PositiveIntegerField(default=0)
    inactive_time = models.PositiveIntegerField(default=0)
    processing_time = models.PositiveIntegerField(default=0)
    level = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["start_datetime"]
        indexes = [models.Index(fields=["work_day", "start_datetime"])]


class WorkShiftSchedule(TimeStampedModel):
    """A planned session of work: entered through the API, or imported from the user's calendar
    feed (apps.integrations; `calendar_uid` set, replaced by each import of its dates)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="work_shift_schedules"
    )
    start_datetime = models.DateTimeField()
    end_datetime = models.DateTimeField()
    work_time_seconds = models.PositiveIntegerField(default=0)
    schedule_notes = models.TextField(blank=True, default="")
    # The calendar event's UID and occurrence ("" for sessions entered by hand).
    calendar_uid = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["start_datetime"]
        indexes = [models.Index(fields=["user", "start_datetime"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_datetime__gt=models.F("start_datetime")),
                name="schedule_ends_after_start",
            )
        ]


class StatusRecord(TimeStampedModel):
    """A segment of working or taking_break: the source of truth for time accounting."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="status_records"
    )
    work_shift = models.ForeignKey(
        WorkShift, on_delete=models.CASCADE, related_name="status_records", null=True, blank=True
    )
    status_enum_identifier = models.CharField(max_length=20, choices=StatusType.choices)
    start_datetime = models.DateTimeField()
    end_datetime = models.DateTimeField(null=True, blank=True)
    deleted_yn = models.BooleanField(default=False)

    class Meta:
        ordering = ["start_datetime"]
        indexes = [
            models.Index(fields=["user", "start_datetime"]),
            # A day's records (summary, history): open ones through the partial index below, closed
            # ones by their end, so the read does not grow with the user's history.
            models.Index(fields=["user", "end_datetime"], name="status_record_by_user_end"),
            models.Index(
                fields=["user"],
                condition=models.Q(end_datetime__isnull=True, deleted_yn=False),
                name="open_status_record_by_user",
            ),
        ]


class ChangeType(models.TextChoices):
    SHIFT_ADDED = "shift_added", "Manual shift added"
    SHIFT_TIMES = "shift_times", "Shift start or end changed"
    WORK_TIME = "work_time", "Work added"
    BREAK_TIME = "break_time", "Break added"
    SHIFT_DELETED = "shift_deleted", "Shift deleted"
    SHIFT_NOTES = "shift_notes", "Shift note changed"
    ALLOCATED_TIME = "allocated_time", "Allocated time changed"
    PERIOD_SUBMITTED = "period_submitted", "Period submitted"
    PERIOD_APPROVED = "period_approved", "Period approved"
    PERIOD_REJECTED = "period_rejected", "Period sent back"
    PERIOD_REOPENED = "period_reopened", "Period reopened"
    DAYS_LOCKED = "days_locked", "Days locked"
    CORRECTION_ASKED = "correction_asked", "Correction requested"
    CORRECTION_ACCEPTED = "correction_accepted", "Correction accepted"
    CORRECTION_DECLINED = "correction_declined", "Correction declined"
    TWO_FACTOR_RESET = "two_factor_reset", "Two-factor sign-in reset"


class ChangedObject(models.TextChoices):
    WORK_SHIFT = "work_shift", "Work shift"
    TASK_TIME = "task_time", "Task time"
    PERIOD = "period", "Period"
    CORRECTION = "correction", "Correction"
    ACCOUNT = "account", "Account"


class ChangeLog(models.Model):
    """One edit of recorded time, kept for good: who changed what of whose day, when, from what to
    what. `object_id` may outlive its object (a deleted shift), so it is not a foreign key; the
    work date and user stay, so the entry is still found with its day."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="change_logs")
    modified_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="changes_made"
    )
    changed_value_type_enum = models.CharField(max_length=20, choices=ChangeType.choices)
    content_type = models.CharField(max_length=20, choices=ChangedObject.choices)
    object_id = models.BigIntegerField()
    work_date = models.DateField()
    changed_datetime = models.DateTimeField()
    old_value = models.JSONField(null=True, blank=True)
    new_value = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-changed_datetime", "-id"]
        indexes = [
            models.Index(fields=["user", "-changed_datetime"], name="change_log_by_user_time"),
            models.Index(fields=["user", "work_date"], name="change_log_by_user_date"),
            models.Index(fields=["content_type", "object_id"], name="change_log_by_object"),
        ]

    def __str__(self) -> str:
        return f"{self.changed_value_type_enum} {self.content_type} {self.object_id}"


class PeriodState(models.TextChoices):
    DRAFT = "draft", "Draft"
    SUBMITTED = "submitted", "Submitted"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    REOPENED = "reopened", "Reopened"


class WorkPeriod(TimeStampedModel):
    """A member's week or month on its way to payroll (docs/closing.md): draft -> submitted ->
    approved / rejected; an approved period is locked until an admin reopens it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="work_periods")
    start_date = models.DateField()
    end_date = models.DateField()
    state = models.CharField(max_length=10, choices=PeriodState.choices, default=PeriodState.DRAFT)
    submitted_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-start_date"]
        constraints = [
            models.UniqueConstraint(fields=["user", "start_date"], name="unique_work_period_per_user_start"),
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")), name="period_ends_after_start"
            ),
        ]
        indexes = [models.Index(fields=["user", "state", "end_date"], name="work_period_by_user_state")]


class CorrectionKind(models.TextChoices):
    SHIFT_TIMES = "shift_times", "Shift start or end"
    TASK_TIME = "task_time", "Time on a task"


class CorrectionState(models.TextChoices):
    PENDING = "pending", "Waiting"
    ACCEPTED = "accepted", "Accepted"
    DECLINED = "declined", "Declined"


class CorrectionRequest(TimeStampedModel):
    """A member's request to change a closed day; an approver applies it exactly or declines it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="corrections")
    period = models.ForeignKey(
        WorkPeriod, on_delete=models.SET_NULL, null=True, blank=True, related_name="corrections"
    )
    work_date = models.DateField()
    kind = models.CharField(max_length=20, choices=CorrectionKind.choices)
    # shift_times: the shift and its new start / end; task_time: the task and its new seconds.
    shift_id = models.BigIntegerField(null=True, blank=True)
    task_id = models.BigIntegerField(null=True, blank=True)
    start_datetime = models.DateTimeField(null=True, blank=True)
    end_datetime = models.DateTimeField(null=True, blank=True)
    seconds = models.PositiveIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=500)
    state = models.CharField(max_length=10, choices=CorrectionState.choices, default=CorrectionState.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reason = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "state"], name="correction_by_user_state")]


class MemberActivity(models.Model):
    """The last instant a member was active on any tab or device (docs/presence.md): written by
    heartbeats at most once per PRESENCE_WRITE_SECONDS per process, with no read stamp (nothing
    kept shows it). `apps.work.activity.last_activity` answers it (a later guardian asks it)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="activity"
    )
    last_active_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} active at {self.last_active_at}"


class PromptCause(models.TextChoices):
    """Why the shift guardian asked 'Still working?' (docs/guardian.md)."""

    OVERRUN = "overrun", "The shift runs past the schedule"
    TRACKER = "tracker", "The task timer runs with no active device"
    QUIET = "quiet", "Working with no activity"


class PromptState(models.TextChoices):
    ASKED = "asked", "Asked"
    PROPOSED = "proposed", "End proposed"
    APPLIED = "applied", "Ended automatically"
    STILL_WORKING = "still_working", "Still working"
    ENDED = "ended", "Ended at the last activity"
    KEPT = "kept", "Automatic end kept"
    UNDONE = "undone", "Automatic end undone"
    CLOSED = "closed", "The shift ended otherwise"
    WITHDRAWN = "withdrawn", "Withdrawn: the guardian was turned off"


# A prompt the member still has to answer: the SPA's 'Still working?' dialog shows it.
PENDING_PROMPT_STATES = (PromptState.ASKED, PromptState.PROPOSED, PromptState.APPLIED)
PENDING_PROMPT_CHOICES = [(state.value, state.label) for state in PENDING_PROMPT_STATES]


class ShiftPrompt(models.Model):
    """One 'Still working?' of the shift guardian (docs/guardian.md) about one shift.

    `last_activity_at` is the instant the shift would end at (the member's last activity when asked);
    an automatic end keeps when it was made (`ended_at`) and the time it cut off (`cut`: status,
    start, end), so an undo puts exactly that back. At most one pending prompt per member."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="shift_prompts")
    work_shift = models.ForeignKey(WorkShift, on_delete=models.CASCADE, related_name="prompts")
    cause = models.CharField(max_length=10, choices=PromptCause.choices)
    state = models.CharField(max_length=16, choices=PromptState.choices, default=PromptState.ASKED)
    asked_at = models.DateTimeField()
    answer_by = models.DateTimeField()
    last_activity_at = models.DateTimeField()
    schedule_end = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    cut = models.JSONField(default=list, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(state__in=["asked", "proposed", "applied"]),
                name="one_pending_shift_prompt",
            )
        ]
        indexes = [models.Index(fields=["state", "answer_by"], name="shift_prompt_by_state_due")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.cause} {self.state}"
