from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class TimeStampedModel(models.Model):
    """Base for every row: audit timestamps."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class IdempotentRequest(models.Model):
    """A write sent with an `Idempotency-Key` and its stored answer (apps/core/idempotency.py).
    `status_code` is null only inside the transaction of the write's first run."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64, help_text="sha256 of the method, path and body")
    status_code = models.PositiveSmallIntegerField(null=True)
    body = models.JSONField(null=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_request_per_key")]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"
