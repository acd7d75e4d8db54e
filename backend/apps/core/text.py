"""Text people show to others (names): no control characters and no bidirectional overrides.

A right-to-left override (U+202E) or an isolate in a display name reorders what follows it on the
teammates' screens ("Ada\\u202egnp.exe"); control characters (NUL, escape, newline) have no place in
a name. Joiners stay allowed: emoji sequences and many scripts need them.
"""

import unicodedata

from rest_framework import serializers

BAD_NAME_CHARACTERS = "Names cannot contain control characters or text-direction overrides."
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def has_hidden_controls(value: str) -> bool:
    return any(c in BIDI_CONTROLS or unicodedata.category(c) == "Cc" for c in value)


def refuse_hidden_controls(value: str) -> str:
    """A serializer field validator."""
    if has_hidden_controls(value):
        raise serializers.ValidationError(BAD_NAME_CHARACTERS)
    return value
