"""OpenAPI description of what work adds to other apps' serializers."""

from drf_spectacular.extensions import OpenApiSerializerFieldExtension

from apps.work.serializers import StatusRecordSerializer


class UserStatusFieldExtension(OpenApiSerializerFieldExtension):
    """The user details' `current_status` is a status record (see apps.work.apps.WorkConfig)."""

    target_class = "apps.accounts.serializers.UserStatusField"

    def map_serializer_field(self, auto_schema, direction):
        return auto_schema.resolve_serializer(StatusRecordSerializer, direction).ref
