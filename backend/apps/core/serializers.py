from rest_framework import serializers

from apps.core.middleware import current_request


class AbsoluteImageField(serializers.ImageField):
    """A read-only file as an absolute URL, as the schema's `format: uri` promises: built from the
    serializer's request, else from the request being answered (most serializers get no
    context). Outside a request (an event payload, a command) it stays the relative URL."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        if not value:
            return None
        url = value.url
        request = self.context.get("request") or current_request.get()
        return request.build_absolute_uri(url) if request is not None else url
