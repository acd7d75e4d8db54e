from rest_framework import parsers
from rest_framework.exceptions import ParseError

MAX_JSON_DEPTH = 32
JSON_TOO_DEEP = f"JSON must not be nested more than {MAX_JSON_DEPTH} levels deep."


def nesting_exceeds(data, limit: int) -> bool:
    """Iterative, so that checking a deep document cannot itself overflow the stack."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
    return False


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with a nesting limit: a body nested ~1,000 deep makes the decoder raise
    RecursionError (a 500); anything deeper than any real payload is a 400."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(JSON_TOO_DEEP) from None
        if nesting_exceeds(data, MAX_JSON_DEPTH):
            raise ParseError(JSON_TOO_DEEP)
        return data


FORM_EMPTY = "A form body must hold at least one field or file."


class MultiPartParser(parsers.MultiPartParser):
    """DRF's multipart parser, refusing a body that holds no part at all: Django reads a body that
    is no form (a stray '[]' between boundaries) as an empty form, which would pass as a change of
    nothing. A real form always carries at least the field it changes."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        if not parsed.data and not parsed.files:
            raise ParseError(FORM_EMPTY)
        return parsed
