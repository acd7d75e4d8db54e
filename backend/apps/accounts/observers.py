"""Observers (spec 01 §3/§6): who may read whose checkout. An `Observation` row lets its
observer read the observed user's checkout; the observer alone controls its shown / starred flags.
Who reads a checkout in the end is one rule: work.selectors.visible_users."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from apps.accounts import events
from apps.accounts.models import Observation, User

LIST_CAP = 200


def observable_users(*, viewer) -> QuerySet:
    """The active users of the viewer's workspace that the viewer observes."""
    return (
        Observation.objects.filter(
            observer=viewer,
            observed_user__is_active=True,
            observed_user__workspace_id=viewer.workspace_id,
        )
        .select_related("observed_user")
        .order_by("-starred_yn", "observed_user__display_name", "id")
    )


def observers(*, user) -> QuerySet:
    return (
        Observation.objects.filter(
            observed_user=user, observer__is_active=True, observer__workspace_id=user.workspace_id
        )
        .select_related("observer")
        .order_by("observer__display_name", "id")
    )


@transaction.atomic
def observation_update(*, observation: Observation, data: dict) -> Observation:
    fields = [
        name
        for name in ("shown_yn", "starred_yn")
        if name in data and data[name] != getattr(observation, name)
    ]
    for name in fields:
        setattr(observation, name, data[name])
    if fields:
        observation.save(update_fields=[*fields, "updated_at"])
        events.publish_observable_user(observation=observation)
    return observation


@transaction.atomic
def observe(*, observer: User, observed_user: User) -> Observation:
    """Let `observer` read `observed_user`'s checkout (admin tooling and the demo)."""
    if observer.pk == observed_user.pk or observer.workspace_id != observed_user.workspace_id:
        raise ValueError("An observer reads a teammate's checkout, not their own.")
    try:
        with transaction.atomic():
            observation, created = Observation.objects.get_or_create(
                observer=observer, observed_user=observed_user
            )
    except IntegrityError:
        observation, created = Observation.objects.get(observer=observer, observed_user=observed_user), False
    if created:
        events.publish_observable_user(observation=observation, action="create")
    return observation
