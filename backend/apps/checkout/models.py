"""The checkout (spec 01 §2/§3/§7): checks on a work day, their statuses, and observers' reads.

The note itself is `work.WorkDay.checkout_notes`; the rules for checks are in docs/checkout.md.
"""

from django.conf import settings
from django.db import models

from apps.accounts.models import Workspace
from apps.core.models import TimeStampedModel


class CheckoutCheck(models.TextChoices):
    ACTIVITY_DETAILS = "activity_details", "Activity details"
    UNALLOCATED_TIME = "unallocated_time", "Unallocated time"
    CHECKOUT_NOTE = "checkout_note", "Checkout note"
    NEXT_WORKDAY_PLAN = "next_workday_plan", "Next workday plan"


class CheckoutCheckConfig(TimeStampedModel):
    """A workspace's setting for one check; a check without a row runs with its defaults."""

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="+")
    checkout_check = models.CharField(max_length=32, choices=CheckoutCheck.choices)
    enabled_yn = models.BooleanField(default=True)
    critical_yn = models.BooleanField(default=False)
    threshold_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workspace", "checkout_check"], name="unique_check_config")
        ]


class CheckoutCheckStatus(TimeStampedModel):
    """The last result of one check on one work day."""

    work_day = models.ForeignKey("work.WorkDay", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    work_date = models.DateField()
    checkout_check = models.CharField(max_length=32, choices=CheckoutCheck.choices)
    critical_yn = models.BooleanField(default=False)
    passed_yn = models.BooleanField(default=False)
    n_checkout_items = models.PositiveIntegerField(default=0)
    issue_json = models.JSONField(default=dict)
    message_dismissed_yn = models.BooleanField(default=False)

    class Meta:
        ordering = ["-work_date", "checkout_check"]
        constraints = [
            models.UniqueConstraint(fields=["work_day", "checkout_check"], name="unique_check_status")
        ]
        indexes = [
            models.Index(fields=["user", "work_date"]),
            models.Index(fields=["user", "passed_yn", "message_dismissed_yn"]),
        ]


class CheckoutReadLog(models.Model):
    """`user` (an observer or team-page owner) has read the checkout of `work_day`."""

    work_day = models.ForeignKey("work.WorkDay", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    read_datetime = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "work_day"], name="unique_checkout_read")]

    def __str__(self) -> str:
        return f"{self.user_id} read {self.work_day_id}"
