from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The workspace area (admins: members, invitations, projects panel) and the team page."""

    name = "apps.workspace"
    label = "workspace_area"
