import hashlib

import django.utils.timezone
from django.db import migrations, models


def hash_keys(apps, schema_editor):
    """Keep current sessions: each stored key becomes its sha256 digest, which is what the
    authentication now looks up."""
    AuthToken = apps.get_model("accounts", "AuthToken")
    for key in list(AuthToken.objects.values_list("key", flat=True)):
        if len(key) != 64:
            AuthToken.objects.filter(key=key).update(key=hashlib.sha256(key.encode()).hexdigest())


def sign_everyone_out(apps, schema_editor):
    # A digest cannot be turned back into its key: going back ends every session.
    apps.get_model("accounts", "AuthToken").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_presence")]

    operations = [
        migrations.AlterField(
            model_name="authtoken",
            name="key",
            field=models.CharField(max_length=64, primary_key=True, serialize=False),
        ),
        migrations.AddField(
            model_name="authtoken",
            name="last_used_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(hash_keys, sign_everyone_out),
        migrations.RenameField(model_name="authtoken", old_name="key", new_name="digest"),
        migrations.AlterField(
            model_name="authtoken",
            name="digest",
            field=models.CharField(editable=False, max_length=64, primary_key=True, serialize=False),
        ),
    ]
