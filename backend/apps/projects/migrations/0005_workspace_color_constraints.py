import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("projects", "0004_workspace_colors_data")]

    operations = [
        migrations.AddConstraint(
            model_name="projectcolor",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("value"),
                condition=models.Q(("workspace__isnull", True)),
                name="unique_builtin_color",
            ),
        ),
        migrations.AddConstraint(
            model_name="projectcolor",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("value"),
                models.F("workspace"),
                condition=models.Q(("workspace__isnull", False)),
                name="unique_color_per_workspace",
            ),
        ),
    ]
