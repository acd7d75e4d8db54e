"""The workspace area's writes that span apps (accounts' devices and work's change log, the
workspace's defaults and the shift guardian's open questions)."""

from __future__ import annotations

from django.core.mail import send_mail
from django.db import transaction

from apps.accounts import services as account_services
from apps.accounts import two_factor
from apps.accounts.models import GuardianPolicy, User, Workspace
from apps.core import timeutils
from apps.work.models import ChangedObject, ChangeType
from apps.work.services import guardian
from apps.work.services.change_log import change_log_record

NOT_ENROLLED = "This member has not set up two-factor sign-in."


@transaction.atomic
def workspace_settings_change(*, workspace: Workspace, data: dict, admin: User) -> Workspace:
    """The workspace's defaults (accounts' `workspace_settings_update`). Turning the shift guardian
    off withdraws its open questions in the same transaction, and the members' dialogs go away
    (docs/guardian.md)."""
    was_off = workspace.guardian_policy == GuardianPolicy.OFF
    workspace = account_services.workspace_settings_update(workspace=workspace, data=data, admin=admin)
    if workspace.guardian_policy == GuardianPolicy.OFF and not was_off:
        guardian.withdraw(workspace=workspace)
    return workspace


@transaction.atomic
def member_two_factor_reset(*, admin: User, member: User) -> None:
    """An admin removes a member's authenticator and recovery codes (a lost phone): recorded in
    the member's change log (who, when), and the member gets an email. When the workspace
    requires two-factor sign-in the member is signed out too, and sets it up again at the next
    sign-in."""
    if not two_factor.remove_devices(user=member):
        raise two_factor.TwoFactorError("non_field_errors", NOT_ENROLLED)
    now = timeutils.now()
    change_log_record(
        user=member,
        modified_user=admin,
        changed_value_type_enum=ChangeType.TWO_FACTOR_RESET,
        content_type=ChangedObject.ACCOUNT,
        object_id=member.pk,
        work_date=timeutils.local_today(member.timezone, at=now),
        old_value={"two_factor": True},
        new_value={"two_factor": False},
        at=now,
    )
    if two_factor.is_required(member):
        account_services.sessions_end(user=member)
    name = member.display_name or member.full_name or member.email
    by = admin.display_name or admin.full_name or admin.email
    message = (
        f"Hello {name},\n\n{by}, an admin of your workspace, turned off two-factor sign-in for your\n"
        "Remote Office account: your authenticator app and recovery codes no longer work.\n"
        "Set it up again in Manage account > Edit Profile.\n\n"
        "If you did not ask for this, tell your workspace admin at once.\n"
    )
    transaction.on_commit(
        lambda: send_mail(
            subject="Two-factor sign-in was reset on your Remote Office account",
            message=message,
            from_email=None,
            recipient_list=[member.email],
        )
    )
