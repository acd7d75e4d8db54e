"""Workspace administration of members: the admin's writes (docs/workspace-admin.md).

Views check that the caller is an admin of the member's workspace (`is_workspace_admin`, 404 for
another workspace's member); these services keep the invariants: an email is unique, the
workspace keeps at least one active admin, team pages stay inside the workspace.
"""

from __future__ import annotations

from django.db import transaction

from apps.accounts import events, invitations
from apps.accounts.models import (
    InvitationKind,
    Observation,
    User,
    WorkspaceRole,
    WorkspaceUserType,
)

EMAIL_TAKEN = "A user with this email already exists."
LAST_ADMIN = "The workspace needs at least one admin: make another member an admin first."
ALREADY_JOINED = "This member has already set a password: there is nothing to invite them to."
NOT_IN_WORKSPACE = "Choose members of this workspace."
SELF_OBSERVED = "A member cannot observe themself."
INACTIVE_MEMBER = "Reactivate the member first."

PROFILE_FIELDS = ("full_name", "display_name", "what_i_do", "country", "city", "timezone", "phone_number")
RIGHTS_FIELDS = (
    "allow_add_manual_shifts",
    "allow_invisible_mode",
    "team_page_access_granted_yn",
    "has_beta_version_access_yn",
    "work_hours_source",
    "external_tracker_config_json",
    "external_calendar_config_json",
)
ACCOUNT_FIELDS = ("email", "workspace_user_type", "workspace_role")


class MemberError(Exception):
    def __init__(self, message: str, field: str = "detail"):
        super().__init__(message)
        self.field = field


def is_workspace_admin(user: User) -> bool:
    """ADMIN by role, or of user type Admin or Owner (spec 02 §6)."""
    return bool(user.workspace_id) and (
        user.workspace_role == WorkspaceRole.ADMIN
        or user.workspace_user_type in (WorkspaceUserType.ADMIN, WorkspaceUserType.OWNER)
    )


def _admin_count(*, workspace_id: int, lock: bool) -> int:
    users = User.objects.filter(workspace_id=workspace_id, is_active=True)
    if lock:
        # Two admins demoting each other at once must not both pass: serialise on the admin rows.
        list(users.select_for_update().filter(pk__in=_admin_ids(workspace_id)).values_list("pk", flat=True))
    return sum(
        1
        for user in users.only("workspace_role", "workspace_user_type", "workspace_id")
        if is_workspace_admin(user)
    )


def _admin_ids(workspace_id: int) -> list[int]:
    return [
        user.pk
        for user in User.objects.filter(workspace_id=workspace_id, is_active=True).only(
            "workspace_role", "workspace_user_type", "workspace_id"
        )
        if is_workspace_admin(user)
    ]


def _email_taken(email: str, *, except_id: int | None = None) -> bool:
    users = User.objects.filter(email__iexact=email)
    if except_id is not None:
        users = users.exclude(pk=except_id)
    return users.exists()


def _workspace_members(workspace_id: int, ids: list[int]) -> list[User]:
    ids = list(dict.fromkeys(ids))
    found = list(User.objects.filter(workspace_id=workspace_id, pk__in=ids))
    if len(found) != len(ids):
        raise MemberError(NOT_IN_WORKSPACE, "observed_user_ids")
    return found


@transaction.atomic
def member_create(
    *,
    admin: User,
    data: dict,
    team_page_owner_ids: list[int],
    send_invitation: bool,
    base_url: str,
) -> tuple[User, str | None]:
    """Add a member to the admin's workspace. With `send_invitation` they get an email with their
    link; without it the admin gets a set-password link (returned once, never stored in clear)."""
    email = data["email"].strip().lower()
    if _email_taken(email):
        raise MemberError(EMAIL_TAKEN, "email")
    owners = _workspace_members(admin.workspace_id, team_page_owner_ids) if team_page_owner_ids else []
    fields = {
        name: data[name]
        for name in (*PROFILE_FIELDS, *RIGHTS_FIELDS, "workspace_user_type", "workspace_role")
        if name in data
    }
    if not fields.get("display_name"):
        fields["display_name"] = fields.get("full_name") or email.split("@")[0]
    user = User.objects.create_user(email, None, workspace=admin.workspace, **fields)
    Observation.objects.bulk_create([Observation(observer=owner, observed_user=user) for owner in owners])
    kind = InvitationKind.INVITATION if send_invitation else InvitationKind.SET_PASSWORD
    token = invitations.invitation_create(user=user, created_by=admin, kind=kind)
    url = invitations.link(base_url=base_url, token=token)
    events.publish_teammate_updated(user=user)
    if send_invitation:
        invitations.send_invitation_email(user=user, invited_by=admin, url=url)
        return user, None
    return user, url


@transaction.atomic
def member_update(*, admin: User, member: User, data: dict) -> User:
    """Profile, account and rights of a member, as the admin sends them (only the fields sent)."""
    member = User.objects.select_for_update().get(pk=member.pk)
    changed = []
    for name in (*PROFILE_FIELDS, *RIGHTS_FIELDS, *ACCOUNT_FIELDS):
        if name not in data:
            continue
        value = data[name]
        if name == "email":
            value = value.strip().lower()
            if value != member.email and _email_taken(value, except_id=member.pk):
                raise MemberError(EMAIL_TAKEN, "email")
        if getattr(member, name) != value:
            setattr(member, name, value)
            changed.append(name)
    if not changed:
        return member
    was_admin = User.objects.get(pk=member.pk)
    demoted = is_workspace_admin(was_admin) and not is_workspace_admin(member)
    if demoted and _admin_count(workspace_id=member.workspace_id, lock=True) <= 1:
        raise MemberError(LAST_ADMIN, "workspace_role")
    member.save(update_fields=changed)
    events.publish_user_updated(user=member)
    events.publish_teammate_updated(user=member)
    return member


@transaction.atomic
def member_set_team_page(*, member: User, observed_user_ids: list[int]) -> list[Observation]:
    """Whom `member` observes on their team page: exactly these members of the workspace."""
    if member.pk in observed_user_ids:
        raise MemberError(SELF_OBSERVED, "observed_user_ids")
    observed = _workspace_members(member.workspace_id, observed_user_ids)
    keep = {user.pk for user in observed}
    Observation.objects.filter(observer=member).exclude(observed_user_id__in=keep).delete()
    existing = set(Observation.objects.filter(observer=member).values_list("observed_user_id", flat=True))
    Observation.objects.bulk_create(
        [Observation(observer=member, observed_user=user) for user in observed if user.pk not in existing]
    )
    events.publish_user_updated(user=member)
    # In the order the GET answers (by name), whatever order the ids came in.
    return list(
        Observation.objects.filter(observer=member)
        .select_related("observed_user")
        .order_by("observed_user__display_name", "observed_user_id")
    )


@transaction.atomic
def member_deactivate(*, admin: User, member: User) -> User:
    """The member can no longer sign in; their tokens die and their open tabs are told, then
    their sockets close (apps/accounts/signals.py does the ending for every path)."""
    member = User.objects.select_for_update().get(pk=member.pk)
    if not member.is_active:
        return member
    if is_workspace_admin(member) and _admin_count(workspace_id=member.workspace_id, lock=True) <= 1:
        raise MemberError(LAST_ADMIN)
    member.is_active = False
    member.save(update_fields=["is_active"])
    events.publish_teammate_updated(user=member)
    return member


@transaction.atomic
def member_reactivate(*, admin: User, member: User) -> User:
    member.is_active = True
    member.save(update_fields=["is_active"])
    events.publish_teammate_updated(user=member)
    return member


@transaction.atomic
def member_invite(*, admin: User, member: User, base_url: str) -> None:
    """Send the member a new invitation; the links sent before stop working."""
    if not member.is_active:
        raise MemberError(INACTIVE_MEMBER)
    if member.has_usable_password():
        raise MemberError(ALREADY_JOINED)
    token = invitations.invitation_create(user=member, created_by=admin, kind=InvitationKind.INVITATION)
    invitations.send_invitation_email(
        user=member, invited_by=admin, url=invitations.link(base_url=base_url, token=token)
    )
