"""What the shared teammates strip shows changed: forget the workspace's strip (apps/work/strip.py).

Model signals, so that every path (services, the admin, the demo seeding, factories) is covered.
Two writes do not send them and are covered by a neighbour: the records `bulk_create`d at the
midnight split come with a WorkShift created in the same transaction, which does.
"""

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save

from apps.work import strip
from apps.work.models import StatusRecord, WorkDay, WorkShift, WorkShiftSchedule


def _user_changed(sender, instance, **kwargs) -> None:
    strip.forget(instance.workspace_id)


def _owned_by_user(sender, instance, **kwargs) -> None:
    # `instance.user` is usually cached (the services pass the user object): no query then.
    strip.forget(instance.user.workspace_id)


def _shift_changed(sender, instance, **kwargs) -> None:
    workspace_id = (
        WorkDay.objects.filter(pk=instance.work_day_id).values_list("user__workspace_id", flat=True).first()
    )
    strip.forget(workspace_id)


def connect() -> None:
    user_model = get_user_model()
    for signal in (post_save, post_delete):
        signal.connect(_user_changed, sender=user_model, dispatch_uid=f"work.strip.user.{signal}")
        for model in (StatusRecord, WorkShiftSchedule):
            signal.connect(_owned_by_user, sender=model, dispatch_uid=f"work.strip.{model.__name__}.{signal}")
        signal.connect(_shift_changed, sender=WorkShift, dispatch_uid=f"work.strip.shift.{signal}")
