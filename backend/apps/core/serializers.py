import copy
from enum import Enum

from django.db import models
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
        return absolute_image_url(value, self.context.get("request"))


def absolute_image_url(value, request=None) -> str | None:
    """`AbsoluteImageField`'s answer, for serializers that build their dict by hand."""
    if not value:
        return None
    url = value.url
    request = request or current_request.get()
    return request.build_absolute_uri(url) if request is not None else url


# Shared, unbound DRF fields whose `to_representation` reads nothing but its argument: hot
# serializers that build their dict by hand convert with them, so a value is written exactly as
# the declared field writes it (time zone and "Z" of a datetime, a choice's key).
DATETIME = serializers.DateTimeField()


def choice_value(value):
    """A choice as DRF's ChoiceField writes it: an enum member becomes its plain value."""
    return value.value if isinstance(value, Enum) else value


# A ModelSerializer that works out its fields once per class, not once per instance.
#
# DRF's ModelSerializer inspects the model on every instance (field mapping, extra kwargs,
# uniqueness validators): for a hot read that answers one object, that was a fifth of the CPU
# of the whole request. Here the first instance builds the fields as DRF does and keeps them
# as prototypes; later instances get fresh copies of the same fields (DRF's own
# `Field.__deepcopy__`, the way it copies declared fields). Only for serializers whose fields do
# not depend on the instance or the context (no `get_fields` / `build_field` of their own).
# (A comment, not a docstring: drf-spectacular would show a docstring as the description of
# every serializer that uses the mixin.)
class PlannedFieldsMixin:
    _field_prototypes: dict[type, dict] = {}

    def get_fields(self):
        cls = type(self)
        prototypes = PlannedFieldsMixin._field_prototypes.get(cls)
        if prototypes is None:  # built by DRF, kept unbound (copies are handed out)
            prototypes = PlannedFieldsMixin._field_prototypes[cls] = super().get_fields()
        return {name: copy.deepcopy(field) for name, field in prototypes.items()}


class StrictCharField(serializers.CharField):
    """Text that must be sent as text: DRF turns a JSON number or boolean into its string."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class JsonBooleanField(serializers.BooleanField):
    """A JSON true or false, nothing DRF would coerce (0, 1, "yes"). Request bodies are JSON
    (REST_FRAMEWORK's parsers): every request serializer's booleans are these and its strings
    `StrictCharField`, so a value of the wrong type is a 400 as the schema says (docs/security.md,
    finding 9). The profile's form (multipart, spec 01 §7) keeps DRF's own fields."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class JsonIntegerField(serializers.IntegerField):
    """A whole number sent as a JSON number only: no "12" or 12.0 read as one."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


# DRF's ModelSerializer whose fields made from a model's booleans and texts are `JsonBooleanField`
# and `StrictCharField`, as request serializers' declared fields are: the one base of the project's
# model serializers. (A comment: drf-spectacular would show a docstring on every serializer.)
class ModelSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.BooleanField: JsonBooleanField,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
    }
