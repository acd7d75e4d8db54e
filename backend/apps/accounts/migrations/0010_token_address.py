from django.db import migrations, models


class Migration(migrations.Migration):
    """The sessions list's address of a token (docs/security.md, "Sessions")."""

    dependencies = [
        ("accounts", "0009_duration_format"),
    ]

    operations = [
        migrations.AddField(
            model_name="authtoken",
            name="address",
            field=models.CharField(blank=True, db_default="", default="", max_length=45),
        ),
    ]
