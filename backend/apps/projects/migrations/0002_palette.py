from django.db import migrations

from apps.projects.models import PERSONAL_PROJECT_COLOR
from apps.projects.palette import PALETTE


def load(apps, schema_editor):
    ProjectColor = apps.get_model("projects", "ProjectColor")
    for value in [*PALETTE, PERSONAL_PROJECT_COLOR]:
        ProjectColor.objects.get_or_create(value=value, defaults={"title": value})


class Migration(migrations.Migration):
    dependencies = [("projects", "0001_initial")]
    operations = [migrations.RunPython(load, migrations.RunPython.noop)]
