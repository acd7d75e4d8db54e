"""Secrets people configure (the integrations' calendar address and tracker key) are write-only:
answers show their last 4 characters, never more.

A calendar's private address and a tracker's API token or key come back to their owner and to
the workspace's admins as MASK followed by the secret's last 4 characters. Sending that masked
value back (the SPA's forms send what they show) keeps the stored secret; a new value replaces it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

MASK = "••••••••"
SECRET_KEYS = ("url", "api_token", "api_key")
MASK_MISMATCH = "Enter the new value in full (the masked one is only shown)."


def masked(value: str) -> str:
    return MASK + value[-4:] if len(value) > 8 else MASK


def masked_config(config: dict | None) -> dict | None:
    """The configuration as an answer shows it."""
    if not config:
        return config
    return {
        key: masked(value) if key in SECRET_KEYS and isinstance(value, str) else value
        for key, value in config.items()
    }


def with_stored_secrets(config, stored: dict | None, *, field: str):
    """`config` as sent, each masked secret replaced by the stored one it stands for (same tracker).
    A masked value that matches nothing stored is refused: it is not a secret anyone could use."""
    if not isinstance(config, dict):
        return config
    result = dict(config)
    same_provider = bool(stored) and stored.get("provider") == config.get("provider")
    for key in SECRET_KEYS:
        value = config.get(key)
        if not (isinstance(value, str) and value.startswith(MASK)):
            continue
        original = stored.get(key) if same_provider else None
        if not isinstance(original, str) or masked(original) != value:
            raise ValidationError({field: [MASK_MISMATCH]})
        result[key] = original
    return result
