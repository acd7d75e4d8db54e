"""The OpenAPI schema documents the error answers every operation can send, with the shapes
apps/core/exceptions.py gives them."""

from drf_spectacular import openapi
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import AllowAny

ERROR = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}
# Field errors ({"field": ["message"]}, nested for nested input), or {"detail": "message"}.
VALIDATION_ERROR = {
    "type": "object",
    "properties": {
        "detail": {"type": "string"},
        "non_field_errors": {"type": "array", "items": {"type": "string"}},
    },
    "additionalProperties": {},
}


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "A key the client makes for this write (8 to 64 letters, digits, '-' or '_'; a UUID fits). "
        "Sent again with the same body, the write takes effect once and the first answer comes back; "
        "with another body: 422 (docs/offline.md)."
    ),
)


class AutoSchema(openapi.AutoSchema):
    def _idempotent(self) -> bool:
        """The operation's handler is marked by apps.core.idempotency.idempotent."""
        name = getattr(self.view, "action", None) or self.method.lower()
        return getattr(getattr(self.view, name, None), "idempotent", False)

    def get_override_parameters(self):
        parameters = super().get_override_parameters()
        return [*parameters, IDEMPOTENCY_KEY] if self._idempotent() else parameters

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)

        def add(code: str, name: str, schema: dict) -> None:
            if code not in responses:
                component = ResolvedComponent(
                    name=name, type=ResolvedComponent.SCHEMA, object=name, schema=schema
                )
                self.registry.register_on_missing(component)
                responses[code] = self._get_response_for_code(component.ref, code, direction=direction)

        # Any request can be refused as malformed (a NUL in a parameter, JSON nested too deep).
        add("400", "ValidationError", VALIDATION_ERROR)
        if not all(isinstance(permission, AllowAny) for permission in self.view.get_permissions()):
            add("401", "Error", ERROR)
            add("403", "Error", ERROR)
        # An object named in the path, the query or the body that the caller may not see (another
        # workspace's included) is a 404, as is a path id that is not a whole number.
        names_objects = "{" in self.path or self.method in ("POST", "PUT", "PATCH", "DELETE")
        if names_objects or self._get_filter_parameters() or self._query_parameters():
            add("404", "Error", ERROR)
        if self.method in ("POST", "PUT", "PATCH", "DELETE"):
            # A write that would change a closed day, or a move a period's state does not allow
            # (docs/closing.md).
            add("409", "Error", ERROR)
        if self._idempotent():
            # The same Idempotency-Key with another body (apps/core/idempotency.py).
            add("422", "Error", ERROR)
        if self.method in ("POST", "PUT", "PATCH"):
            add("413", "Error", ERROR)
            # A body the operation's parsers cannot read as its content type says (schemathesis'
            # malformed multipart bodies, docs/security.md).
            add("415", "Error", ERROR)
        if self.view.get_throttles():
            add("429", "Error", ERROR)
        return responses

    def _query_parameters(self) -> bool:
        """Parameters declared with extend_schema (the function views' query strings)."""
        return any(
            getattr(parameter, "location", None) == "query" for parameter in self.get_override_parameters()
        )
