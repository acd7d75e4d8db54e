"""Demo data for a newcomer and for the end-to-end tests. Safe to run any number of times."""

from django.core.management.base import BaseCommand
from django.db import transaction

from apps.accounts.models import Observation, User, Workspace, WorkspaceRole, WorkspaceUserType
from apps.projects.demo import seed_projects

DEMO_PASSWORD = "remote-2026"
WORKSPACE_NAME = "Acme Remote"

DEMO_USERS = [
    {
        "email": "ada@example.com",
        "full_name": "Ada Lovelace",
        "display_name": "Ada",
        "what_i_do": "Engineering manager",
        "timezone": "Europe/Lisbon",
        "country": "Portugal",
        "city": "Lisbon",
        "workspace_role": WorkspaceRole.ADMIN,
        "workspace_user_type": WorkspaceUserType.OWNER,
        "team_page_access_granted_yn": True,
        "has_beta_version_access_yn": True,
        "allow_invisible_mode": True,
    },
    {
        "email": "ben@example.com",
        "full_name": "Ben Okafor",
        "display_name": "Ben",
        "what_i_do": "Backend developer",
        "timezone": "America/Toronto",
        "country": "Canada",
        "city": "Toronto",
        "workspace_role": WorkspaceRole.MEMBER,
        "workspace_user_type": WorkspaceUserType.MEMBER,
        "team_page_access_granted_yn": False,
        "has_beta_version_access_yn": True,
    },
    {
        "email": "cy@example.com",
        "full_name": "Cy Tanaka",
        "display_name": "Cy",
        "what_i_do": "Product designer",
        "timezone": "Atlantic/Reykjavik",
        "country": "Iceland",
        "city": "Reykjavik",
        "workspace_role": WorkspaceRole.MEMBER,
        "workspace_user_type": WorkspaceUserType.MEMBER,
        "team_page_access_granted_yn": False,
        "has_beta_version_access_yn": False,
    },
]


class Command(BaseCommand):
    help = "Create or refresh the demo workspace 'Acme Remote' with Ada, Ben and Cy."

    @transaction.atomic
    def handle(self, *args, **options):
        workspace, _ = Workspace.objects.get_or_create(name=WORKSPACE_NAME)
        users = {}
        for spec in DEMO_USERS:
            fields = {k: v for k, v in spec.items() if k != "email"}
            user, created = User.objects.update_or_create(
                email=spec["email"], defaults={**fields, "workspace": workspace}
            )
            if created or not user.check_password(DEMO_PASSWORD):
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
            users[spec["email"]] = user
        Observation.objects.get_or_create(
            observer=users["ada@example.com"], observed_user=users["ben@example.com"]
        )
        seed_projects(workspace=workspace, users=users)
        self.stdout.write(
            self.style.SUCCESS(f"Demo workspace '{WORKSPACE_NAME}' ready ({len(users)} users).")
        )
