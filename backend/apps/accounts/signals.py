"""Every path that deactivates or deletes a user ends their sessions, not only the service."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from apps.accounts import events
from apps.accounts.models import User
from apps.accounts.services import sessions_end
from apps.realtime.events import revoke_sockets


@receiver(post_save, sender=User, dispatch_uid="accounts.end_sessions_of_inactive_user")
def end_sessions_of_inactive_user(sender, instance: User, update_fields=None, **kwargs) -> None:
    if instance.is_active or (update_fields is not None and "is_active" not in update_fields):
        return
    # Every open tab hears it was signed out (user_logout, as for "sign out on all devices"),
    # then its socket closes: both after commit, in this order.
    events.publish_user_logout(user=instance)
    sessions_end(user=instance)


@receiver(post_delete, sender=User, dispatch_uid="accounts.close_sockets_of_deleted_user")
def close_sockets_of_deleted_user(sender, instance: User, **kwargs) -> None:
    # The tokens go with the user (CASCADE); the open sockets must close too.
    revoke_sockets(user_ids=[instance.pk])
