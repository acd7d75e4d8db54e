import pytest
from django.core.management import call_command

from apps.accounts.models import Observation, User, Workspace

pytestmark = pytest.mark.django_db


def test_seed_demo_is_idempotent_and_signs_in(api_client):
    call_command("seed_demo")
    call_command("seed_demo")
    assert Workspace.objects.filter(name="Acme Remote").count() == 1
    users = {u.email: u for u in User.objects.all()}
    assert set(users) == {"ada@example.com", "ben@example.com", "cy@example.com"}
    ada, ben, cy = users["ada@example.com"], users["ben@example.com"], users["cy@example.com"]
    assert (
        ada.workspace_role == "ADMIN" and ada.team_page_access_granted_yn and ada.has_beta_version_access_yn
    )
    assert ben.workspace_role == "MEMBER"
    assert cy.workspace_role == "MEMBER" and not cy.has_beta_version_access_yn
    assert Observation.objects.filter(observer=ada, observed_user=ben).count() == 1
    for email in users:
        response = api_client.post("/api/accounts/token/", {"email": email, "password": "remote-2026"})
        assert response.status_code == 200
