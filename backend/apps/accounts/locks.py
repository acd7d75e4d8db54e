"""Row locks on users: the one way to serialise the writes of one person."""

from apps.accounts.models import User


def lock_user(user) -> None:
    """Lock the user's row until the transaction ends (two tabs clicking at once queue up).

    Every app that changes a person's day (status, work days, schedules, task links) takes this
    same lock, so their writes never interleave."""
    User.objects.select_for_update().filter(pk=user.pk).first()
