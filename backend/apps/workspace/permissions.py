"""Who may use the workspace area: workspace admins (role ADMIN, or user type Admin / Owner).

Everyone else signed in gets 403 on every admin call; a member of another workspace gets 404
(`member_for`), as if the member did not exist."""

from __future__ import annotations

from django.http import Http404
from rest_framework.permissions import BasePermission

from apps.accounts.members import is_workspace_admin
from apps.accounts.models import User

ADMINS_ONLY = "Only workspace admins can do this."
TEAM_PAGE_ONLY = "You do not have access to the team page."


class IsWorkspaceAdmin(BasePermission):
    message = ADMINS_ONLY

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and is_workspace_admin(user))


class HasTeamPage(BasePermission):
    message = TEAM_PAGE_ONLY

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.team_page_access_granted_yn)


def member_for(admin: User, user_id) -> User:
    """A member (active or not) of the admin's workspace, else 404."""
    member = (
        User.objects.select_related("workspace").filter(workspace_id=admin.workspace_id, pk=user_id).first()
    )
    if member is None:
        raise Http404
    return member
