from django.db import migrations, models


def empty_urls_to_null(apps, schema_editor):
    apps.get_model("projects", "Task").objects.filter(url="").update(url=None)


def null_urls_to_empty(apps, schema_editor):
    apps.get_model("projects", "Task").objects.filter(url__isnull=True).update(url="")


class Migration(migrations.Migration):
    dependencies = [("projects", "0005_workspace_color_constraints")]

    operations = [
        migrations.AlterField(
            model_name="task",
            name="url",
            field=models.URLField(blank=True, default=None, max_length=500, null=True),
        ),
        migrations.RunPython(empty_urls_to_null, null_urls_to_empty),
    ]
