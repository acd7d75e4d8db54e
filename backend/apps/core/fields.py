"""A JSON column whose whole value is stored encrypted (apps.core.crypto): the database holds
`{"enc": "<fernet token>"}`, Python code reads and writes the plain dict. Used for the users'
calendar and tracker configurations (a calendar's secret address, API tokens)."""

from __future__ import annotations

import json

from django.db import models

from apps.core import crypto

MARK = "enc"


class EncryptedJSONField(models.JSONField):
    def get_prep_value(self, value):
        if value is None:
            return super().get_prep_value(value)
        if isinstance(value, dict) and set(value) == {MARK}:
            return super().get_prep_value(value)  # already sealed
        return super().get_prep_value({MARK: crypto.encrypt(json.dumps(value))})

    def from_db_value(self, value, expression, connection):
        value = super().from_db_value(value, expression, connection)
        return self.open(value)

    @staticmethod
    def open(value):
        if isinstance(value, dict) and set(value) == {MARK} and isinstance(value[MARK], str):
            plain = crypto.decrypt(value[MARK])
            return json.loads(plain) if plain is not None else None
        return value
