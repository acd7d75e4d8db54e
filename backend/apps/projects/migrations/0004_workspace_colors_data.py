from django.db import migrations

from apps.projects.models import PERSONAL_PROJECT_COLOR
from apps.projects.palette import PALETTE


def give_custom_colours_to_their_workspaces(apps, schema_editor):
    """Custom colours were global: each now belongs to the workspace whose projects use it (a
    copy per further workspace); one that no project uses is dropped."""
    ProjectColor = apps.get_model("projects", "ProjectColor")
    Project = apps.get_model("projects", "Project")
    built_in = {value.lower() for value in [*PALETTE, PERSONAL_PROJECT_COLOR]}
    for color in ProjectColor.objects.order_by("id"):
        if color.value.lower() in built_in:
            continue
        workspace_ids = sorted(
            set(Project.objects.filter(color=color).values_list("workspace_id", flat=True))
        )
        if not workspace_ids:
            color.delete()
            continue
        color.workspace_id = workspace_ids[0]
        color.save(update_fields=["workspace"])
        for workspace_id in workspace_ids[1:]:
            copy = ProjectColor.objects.create(
                value=color.value, title=color.title, workspace_id=workspace_id
            )
            Project.objects.filter(color=color, workspace_id=workspace_id).update(color=copy)


class Migration(migrations.Migration):
    # A migration of its own: PostgreSQL refuses the indexes that 0003 and 0005 create in a
    # transaction that has moved rows.
    dependencies = [("projects", "0003_workspace_colors")]

    operations = [migrations.RunPython(give_custom_colours_to_their_workspaces, migrations.RunPython.noop)]
