"""Idempotent writes (issue 33, apps/core/idempotency.py): one row per user and key, with the answer."""

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="IdempotentRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.CharField(max_length=64)),
                (
                    "fingerprint",
                    models.CharField(help_text="sha256 of the method, path and body", max_length=64),
                ),
                ("status_code", models.PositiveSmallIntegerField(null=True)),
                ("body", models.JSONField(encoder=django.core.serializers.json.DjangoJSONEncoder, null=True)),
                ("created_at", models.DateTimeField()),
                ("expires_at", models.DateTimeField(db_index=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("user", "key"), name="one_request_per_key")],
            },
        ),
    ]
