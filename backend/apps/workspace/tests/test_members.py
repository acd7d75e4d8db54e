"""The members panel's calls: list, filters, search, last active, edit, team pages, last admin."""

import datetime as dt

import pytest

from apps.accounts import members as member_services
from apps.accounts.models import Observation, User, WorkspaceRole, WorkspaceUserType
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core.text import BAD_NAME_CHARACTERS
from apps.workspace.serializers import TRACKER_CONFIG_REQUIRED

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(db):
    return UserFactory(display_name="Ada", workspace_role=WorkspaceRole.ADMIN)


@pytest.fixture
def admin_client(ada, client_for):
    return client_for(ada)


def test_only_admins_use_the_workspace_area(ada, client_for):
    member = UserFactory(workspace=ada.workspace)
    assert client_for(member).get("/api/workspace/members/").status_code == 403
    owner_type = UserFactory(workspace=ada.workspace, workspace_user_type=WorkspaceUserType.OWNER)
    assert client_for(owner_type).get("/api/workspace/members/").status_code == 200


def test_an_admin_of_another_workspace_gets_404_for_our_members(ada, client_for):
    stranger_admin = UserFactory(workspace=WorkspaceFactory(), workspace_role=WorkspaceRole.ADMIN)
    client = client_for(stranger_admin)
    assert client.get(f"/api/workspace/members/{ada.pk}/").status_code == 404
    assert client.patch(f"/api/workspace/members/{ada.pk}/", {"city": "X"}).status_code == 404
    assert client.post(f"/api/workspace/members/{ada.pk}/deactivate/").status_code == 404
    ada.refresh_from_db()
    assert ada.is_active and ada.city != "X"
    names = [row["display_name"] for row in client.get("/api/workspace/members/").json()["results"]]
    assert "Ada" not in names


def test_active_and_inactive_filters_and_search(ada, admin_client):
    UserFactory(workspace=ada.workspace, display_name="Ben")
    cy = UserFactory(workspace=ada.workspace, display_name="Cy")
    UserFactory(workspace=ada.workspace, display_name="Bea", is_active=False)
    cy.is_active = False
    cy.save()
    active = admin_client.get("/api/workspace/members/").json()
    assert [r["display_name"] for r in active["results"]] == ["Ada", "Ben"] and active["count"] == 2
    inactive = admin_client.get("/api/workspace/members/?status=inactive").json()
    assert [r["display_name"] for r in inactive["results"]] == ["Bea", "Cy"]
    found = admin_client.get("/api/workspace/members/?search=BE").json()
    assert [r["display_name"] for r in found["results"]] == ["Ben"]
    assert admin_client.get("/api/workspace/members/?status=gone").status_code == 400


def test_last_active_comes_from_sign_ins_and_status_records(ada, admin_client, clock):
    from apps.work.services import status as status_services

    ben = UserFactory(workspace=ada.workspace, display_name="Ben", what_i_do="Designer")

    def row():
        return next(
            r for r in admin_client.get("/api/workspace/members/").json()["results"] if r["id"] == ben.pk
        )

    assert row()["last_active"] is None and row()["what_i_do"] == "Designer"
    signed_in_at = dt.datetime(2026, 3, 1, 8, 0, tzinfo=dt.UTC)
    User.objects.filter(pk=ben.pk).update(last_login=signed_in_at)
    assert row()["last_active"] == "2026-03-01T08:00:00Z"
    status_services.status_change(user=ben, status="working")
    assert row()["last_active"] == "2026-03-10T09:00:00Z"  # in the office: now
    clock.advance(hours=2)
    status_services.leave_office(user=ben)
    clock.advance(hours=5)
    assert row()["last_active"] == "2026-03-10T11:00:00Z"


def test_member_list_query_count_does_not_grow(ada, admin_client, django_assert_num_queries):
    def grow(n):
        for _ in range(n):
            user = UserFactory(workspace=ada.workspace)
            Observation.objects.create(observer=user, observed_user=ada)

    grow(2)
    # count, users, their observations (and the token)
    with django_assert_num_queries(4):
        assert admin_client.get("/api/workspace/members/").status_code == 200
    grow(10)
    with django_assert_num_queries(4):
        assert len(admin_client.get("/api/workspace/members/").json()["results"]) == 13


def test_edit_profile_account_and_rights(ada, admin_client, live_events):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    with live_events.capture():
        answer = admin_client.patch(
            f"/api/workspace/members/{ben.pk}/",
            {
                "full_name": "Ben Brown",
                "what_i_do": "Designer",
                "email": "BEN.NEW@example.org",
                "workspace_user_type": "ADMIN",
                "allow_add_manual_shifts": False,
                "allow_invisible_mode": True,
                "team_page_access_granted_yn": True,
                "has_beta_version_access_yn": True,
                "work_hours_source": "external_tracker",
                "external_tracker_enabled": True,
                "external_tracker_config_json": {"title": "Toggl Track", "api_token": "k"},
                "external_calendar_config_json": {"url": "https://cal.example.org/ben.ics"},
            },
        )
    assert answer.status_code == 200, answer.content
    ben.refresh_from_db()
    assert ben.email == "ben.new@example.org" and ben.full_name == "Ben Brown"
    assert ben.workspace_user_type == "ADMIN" and not ben.allow_add_manual_shifts and ben.allow_invisible_mode
    assert ben.team_page_access_granted_yn and ben.has_beta_version_access_yn
    assert (
        ben.work_hours_source == "external_tracker"
        and ben.external_tracker_config_json == {"provider": "toggl", "api_token": "k"}  # checked, cleaned
    )
    # Write-only: the admin reads the address's last 4 characters only.
    assert answer.json()["external_calendar_config_json"] == {"url": "••••••••.ics"}
    assert ben.external_calendar_config_json == {"url": "https://cal.example.org/ben.ics"}
    groups, _ = live_events.one("user_updated")
    assert live_events.reaches(groups, ben) and not live_events.reaches(groups, UserFactory())


def test_a_members_secrets_are_masked_for_the_admin_and_a_masked_value_sent_back_keeps_them(
    ada, admin_client
):
    ben = UserFactory(
        workspace=ada.workspace,
        external_tracker_config_json={"provider": "clockify", "api_key": "clockify-secret-key-1234"},
        external_calendar_config_json={"url": "https://cal.example.org/private-abcdef/basic.ics"},
    )
    shown = admin_client.get(f"/api/workspace/members/{ben.pk}/").json()
    assert shown["external_tracker_config_json"] == {"provider": "clockify", "api_key": "••••••••1234"}
    assert shown["external_calendar_config_json"] == {"url": "••••••••.ics"}
    listed = admin_client.get("/api/workspace/members/").json()["results"]
    assert "clockify-secret-key-1234" not in str(listed) and "private-abcdef" not in str(listed)
    back = admin_client.patch(
        f"/api/workspace/members/{ben.pk}/",
        {
            "external_tracker_config_json": {**shown["external_tracker_config_json"], "workspace_id": "w1"},
            "external_calendar_config_json": shown["external_calendar_config_json"],
        },
    )
    assert back.status_code == 200, back.content
    ben.refresh_from_db()
    assert ben.external_tracker_config_json == {
        "provider": "clockify",
        "api_key": "clockify-secret-key-1234",
        "workspace_id": "w1",
    }
    assert ben.external_calendar_config_json == {"url": "https://cal.example.org/private-abcdef/basic.ics"}
    forged = admin_client.patch(
        f"/api/workspace/members/{ben.pk}/",
        {"external_tracker_config_json": {"provider": "toggl", "api_token": "••••••••1234"}},
    )
    assert forged.status_code == 400


def test_edit_refuses_bad_input_and_changes_nothing(ada, admin_client):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    taken = UserFactory(email="taken@example.org")
    answer = admin_client.patch(f"/api/workspace/members/{ben.pk}/", {"email": taken.email, "city": "Rome"})
    assert answer.status_code == 400 and answer.json() == {"email": [member_services.EMAIL_TAKEN]}
    answer = admin_client.patch(f"/api/workspace/members/{ben.pk}/", {"external_tracker_enabled": True})
    assert answer.json() == {"external_tracker_config_json": [TRACKER_CONFIG_REQUIRED]}
    answer = admin_client.patch(f"/api/workspace/members/{ben.pk}/", {"timezone": "Mars/Base"})
    assert answer.status_code == 400
    answer = admin_client.patch(f"/api/workspace/members/{ben.pk}/", {"timezone": "localtime"})
    assert answer.status_code == 400
    answer = admin_client.patch(f"/api/workspace/members/{ben.pk}/", {"display_name": "Ben\u202etxt.exe"})
    assert answer.status_code == 400 and answer.json() == {"display_name": [BAD_NAME_CHARACTERS]}
    ben.refresh_from_db()
    assert ben.city != "Rome" and ben.timezone == "UTC" and ben.display_name == "Ben"


def test_the_last_admin_cannot_demote_or_deactivate_themself(ada, admin_client):
    answer = admin_client.patch(f"/api/workspace/members/{ada.pk}/", {"workspace_role": "MEMBER"})
    assert answer.status_code == 400 and answer.json() == {"workspace_role": [member_services.LAST_ADMIN]}
    answer = admin_client.post(f"/api/workspace/members/{ada.pk}/deactivate/")
    assert answer.status_code == 400 and answer.json() == {"detail": member_services.LAST_ADMIN}
    ada.refresh_from_db()
    assert ada.is_active and ada.workspace_role == WorkspaceRole.ADMIN
    # With a second admin, Ada may step down.
    UserFactory(workspace=ada.workspace, workspace_user_type=WorkspaceUserType.OWNER)
    assert (
        admin_client.patch(f"/api/workspace/members/{ada.pk}/", {"workspace_role": "MEMBER"}).status_code
        == 200
    )


def test_team_pages_per_member(ada, admin_client):
    ben = UserFactory(workspace=ada.workspace, display_name="Ben")
    cy = UserFactory(workspace=ada.workspace, display_name="Cy")
    stranger = UserFactory()
    answer = admin_client.put(
        f"/api/workspace/members/{ada.pk}/team_page/", {"observed_user_ids": [cy.pk, ben.pk]}
    )
    assert [row["observed_user"]["display_name"] for row in answer.json()] == ["Ben", "Cy"]
    row = next(r for r in admin_client.get("/api/workspace/members/").json()["results"] if r["id"] == ada.pk)
    assert [t["observed_user"]["id"] for t in row["team_pages"]] == [ben.pk, cy.pk]
    answer = admin_client.put(
        f"/api/workspace/members/{ada.pk}/team_page/", {"observed_user_ids": [stranger.pk]}
    )
    assert answer.status_code == 400
    answer = admin_client.put(f"/api/workspace/members/{ada.pk}/team_page/", {"observed_user_ids": [ada.pk]})
    assert answer.status_code == 400
    answer = admin_client.put(f"/api/workspace/members/{ada.pk}/team_page/", {"observed_user_ids": [cy.pk]})
    assert [row["observed_user"]["id"] for row in answer.json()] == [cy.pk]


def test_member_detail_lists_their_projects(ada, admin_client):
    from apps.projects.tests.factories import ProjectFactory, ProjectMembershipFactory

    ben = UserFactory(workspace=ada.workspace)
    project = ProjectFactory(workspace=ada.workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=ben, project_role="Dev")
    answer = admin_client.get(f"/api/workspace/members/{ben.pk}/").json()
    assert [(p["title"], p["access_type_enum"], p["project_role"]) for p in answer["projects"]] == [
        ("Apollo", "member", "Dev")
    ]
