import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_presence"),
        ("projects", "0002_palette"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="project",
            name="unique_project_title_per_workspace",
        ),
        migrations.AddField(
            model_name="projectcolor",
            name="workspace",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="colors",
                to="accounts.workspace",
            ),
        ),
        migrations.AlterField(
            model_name="projectcolor",
            name="value",
            field=models.CharField(max_length=9),
        ),
    ]
