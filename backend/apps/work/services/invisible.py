"""Invisible mode: a member may hide their presence from teammates (docs/invisible-mode.md)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from apps.accounts import events as account_events
from apps.accounts.locks import lock_user
from apps.work import events, selectors

INVISIBLE_NOT_ALLOWED = "Invisible mode is not allowed for your account."


@transaction.atomic
def invisible_mode_set(*, user, enabled: bool):
    """Switch invisible mode; teammates see the switch as leaving (or entering) the office."""
    if enabled and not user.allow_invisible_mode:
        raise PermissionDenied(INVISIBLE_NOT_ALLOWED)
    lock_user(user)
    was_invisible = user.is_invisible
    user.invisible_mode_yn = enabled
    user.save(update_fields=["invisible_mode_yn"])
    account_events.publish_user_updated(user=user)
    if was_invisible == user.is_invisible:
        return user
    events.publish_invisible_switched(user=user, record=selectors.current_status_record(user=user))
    return user
