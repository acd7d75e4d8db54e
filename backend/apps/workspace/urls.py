from django.urls import path

from apps.workspace import views, views_sso

urlpatterns = [
    path("members/", views.member_list, name="workspace-members"),
    path("members/<int:user_id>/", views.member_detail, name="workspace-member"),
    path("members/<int:user_id>/deactivate/", views.member_deactivate, name="workspace-member-deactivate"),
    path("members/<int:user_id>/reactivate/", views.member_reactivate, name="workspace-member-reactivate"),
    path(
        "members/<int:user_id>/two_factor_reset/",
        views.member_two_factor_reset,
        name="workspace-member-two-factor-reset",
    ),
    path("members/<int:user_id>/invite/", views.member_invite, name="workspace-member-invite"),
    path("members/<int:user_id>/team_page/", views.member_team_page, name="workspace-member-team-page"),
    path("projects/", views.project_list, name="workspace-projects"),
    path("team_page/", views.team_page, name="team-page"),
    path("settings/", views.workspace_settings, name="workspace-settings"),
    path("sso/", views_sso.sso_settings_view, name="workspace-sso"),
    path("sso/test/", views_sso.sso_test, name="workspace-sso-test"),
]
