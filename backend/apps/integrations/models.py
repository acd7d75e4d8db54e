"""What the integrations keep: entries copied from an external time tracker, and the state of
each user's last calendar and tracker sync (shown as 'Last import at ...' / '... failed at ...')."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from apps.core.models import TimeStampedModel


class EntryType(models.TextChoices):
    ACTIVE = "active", "Active"
    MANUAL = "manual", "Manual"
    PROCESSING = "processing", "Processing"


class SyncKind(models.TextChoices):
    CALENDAR = "calendar", "Calendar"
    TRACKER = "tracker", "Tracker"


class ExternalTimeEntry(TimeStampedModel):
    """An entry of the user's external tracker (spec 01 §3 Externally tracked entry); `end_datetime`
    is None while the tracker's timer runs (counted as processing up to now)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    provider = models.CharField(max_length=20)
    external_id = models.CharField(max_length=100)
    start_datetime = models.DateTimeField()
    end_datetime = models.DateTimeField(null=True, blank=True)
    type_enum = models.CharField(max_length=20, choices=EntryType.choices)
    description = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["start_datetime"]
        constraints = [
            models.UniqueConstraint(fields=["user", "provider", "external_id"], name="external_entry_once"),
        ]
        indexes = [models.Index(fields=["user", "provider", "start_datetime"], name="external_entry_window")]


class SyncState(TimeStampedModel):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20, choices=SyncKind.choices)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")
    failed = models.BooleanField(default=False, help_text="The latest attempt failed")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="sync_state_once")]
