"""Pins of the teammates strip: a viewer puts teammates at the front of their own strip."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.models import TeammatePin, User

CANNOT_PIN_SELF = "You are always first in your own strip."


@transaction.atomic
def teammate_pin(*, viewer: User, teammate: User) -> TeammatePin:
    if viewer.pk == teammate.pk:
        raise ValidationError({"user": [CANNOT_PIN_SELF]})
    pin, _ = TeammatePin.objects.get_or_create(viewer=viewer, teammate=teammate)
    return pin


@transaction.atomic
def teammate_unpin(*, viewer: User, teammate: User) -> None:
    TeammatePin.objects.filter(viewer=viewer, teammate=teammate).delete()
