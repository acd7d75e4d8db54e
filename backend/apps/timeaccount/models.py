"""The working-time account's rows (docs/timeaccount.md). Seconds are whole seconds; dates are the
member's local dates (the same dates as work's `WorkDay.work_date`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from apps.accounts.models import Workspace
from apps.core.models import TimeStampedModel

WEEKDAYS = 7
MAX_DAY_SECONDS = 24 * 3600


class WorkPattern(TimeStampedModel):
    """A weekly pattern of expected seconds (Monday first), valid from `valid_from` until the next
    pattern of the same owner. `user` null: the workspace's default, for members without one."""

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="work_patterns")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="work_patterns",
    )
    valid_from = models.DateField()
    # seven whole numbers of seconds, Monday .. Sunday, each 0 .. 86400
    weekday_seconds = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["valid_from", "id"]
        constraints = [
            models.UniqueConstraint(fields=["workspace", "user", "valid_from"], name="one_pattern_per_start"),
            models.UniqueConstraint(
                fields=["workspace", "valid_from"],
                condition=models.Q(user__isnull=True),
                name="one_default_pattern_per_start",
            ),
        ]


class HolidayRegion(TimeStampedModel):
    """Where public holidays come from: the workspace's (user null) or a member's override.
    Country empty: no public holidays."""

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="holiday_regions")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="holiday_region",
    )
    country = models.CharField(max_length=3, blank=True, default="")
    subdivision = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workspace"], condition=models.Q(user__isnull=True), name="one_region_per_workspace"
            )
        ]


class WorkspaceHoliday(TimeStampedModel):
    """An admin's change to the public holidays: an added day off, or a public holiday removed
    (`removed` true: that date is a normal day for everyone in the workspace)."""

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="workspace_holidays")
    date = models.DateField()
    name = models.CharField(max_length=120, blank=True, default="")
    removed = models.BooleanField(default=False)

    class Meta:
        ordering = ["date", "id"]
        constraints = [
            models.UniqueConstraint(fields=["workspace", "date"], name="one_holiday_change_per_date")
        ]


class AccountStart(TimeStampedModel):
    """The date a member's account starts (default: the local date they joined)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_start"
    )
    start_date = models.DateField()


class AdjustmentKind(models.TextChoices):
    PAID_OUT = "paid_out", "Paid out"
    TIME_IN_LIEU = "time_in_lieu", "Time in lieu"
    OPENING_BALANCE = "opening_balance", "Opening balance"


class Adjustment(models.Model):
    """An admin's correction of a member's balance, kept for good (a wrong one is corrected by
    another). `seconds` is signed: paid-out hours are negative."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="time_adjustments"
    )
    date = models.DateField()
    kind = models.CharField(max_length=20, choices=AdjustmentKind.choices)
    seconds = models.IntegerField()
    reason = models.CharField(max_length=500)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["date", "id"]
        indexes = [models.Index(fields=["user", "date"], name="adjustment_by_user_date")]

    def __str__(self) -> str:
        return f"{self.kind} {self.seconds}s on {self.date}"


class TimeOffType(TimeStampedModel):
    """A kind of time off of a workspace (paid leave, sick, unpaid, other). `counts_as_worked`:
    its days are credited as worked time (paid leave, sick) rather than only lowering the target
    (unpaid); for the balance both cover the day's target (docs/timeaccount.md)."""

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="time_off_types")
    name = models.CharField(max_length=60)
    color = models.CharField(max_length=7, default="#1677ff")
    counts_as_worked = models.BooleanField(default=True)
    # Days per calendar year in half days (25 days = 50); null: no allowance kept.
    yearly_allowance_half_days = models.PositiveIntegerField(null=True, blank=True)
    archived = models.BooleanField(default=False)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class TimeOffStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    DECLINED = "declined", "Declined"
    CANCELLED = "cancelled", "Cancelled"


class TimeOffRequest(TimeStampedModel):
    """A member's request for whole days [start_date, end_date], or half of one day (`half_day`)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="time_off_requests"
    )
    type = models.ForeignKey(TimeOffType, on_delete=models.PROTECT, related_name="requests")
    start_date = models.DateField()
    end_date = models.DateField()
    half_day = models.BooleanField(default=False)
    note = models.CharField(max_length=500, blank=True, default="")
    status = models.CharField(max_length=10, choices=TimeOffStatus.choices, default=TimeOffStatus.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reason = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-start_date", "-id"]
        indexes = [models.Index(fields=["user", "status", "start_date"], name="time_off_by_user_status")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")), name="time_off_dates_in_order"
            ),
            models.CheckConstraint(
                condition=models.Q(half_day=False) | models.Q(end_date=models.F("start_date")),
                name="time_off_half_day_is_one_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.start_date}..{self.end_date} {self.status}"


class YearEnd(models.TextChoices):
    """What happens to a balance at the end of a calendar year (docs/timeaccount.md)."""

    CARRY_ALL = "carry_all", "Carry over all"
    CAP = "cap", "Carry over at most the cap"
    RESET = "reset", "Start every year at zero"


class HolidayWork(models.TextChoices):
    """Work on a holiday: counted like any other, or counted and flagged on its day."""

    COUNTS = "counts", "Counts normally"
    FLAGGED = "flagged", "Counts and is flagged"


class AccountRules(TimeStampedModel):
    """A workspace's rules of the balance (none: carry over all, work on a holiday counts)."""

    workspace = models.OneToOneField(Workspace, on_delete=models.CASCADE, related_name="time_account_rules")
    year_end = models.CharField(max_length=10, choices=YearEnd.choices, default=YearEnd.CARRY_ALL)
    # the most a positive balance carries into the next year (year_end "cap"), in seconds
    cap_seconds = models.PositiveIntegerField(null=True, blank=True)
    holiday_work = models.CharField(max_length=10, choices=HolidayWork.choices, default=HolidayWork.COUNTS)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(year_end="cap", cap_seconds__isnull=False)
                | (~models.Q(year_end="cap") & models.Q(cap_seconds__isnull=True)),
                name="cap_only_with_cap_rule",
            )
        ]
