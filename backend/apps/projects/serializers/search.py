from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.core.serializers import JsonBooleanField, StrictCharField, absolute_image_url
from apps.projects.search import KINDS


class SearchHitSerializer(serializers.Serializer):
    """One thing found (apps/projects/search.py); fields that do not apply to its kind are null."""

    kind = serializers.ChoiceField(choices=[(k, k) for k in KINDS])
    id = serializers.IntegerField()
    title = StrictCharField(help_text="The title, or a person's display name (else full name)")
    archived = JsonBooleanField(
        help_text="Archived (a task or list also when its list or project is); "
        "a deactivated person (admins only)"
    )
    project = serializers.IntegerField(allow_null=True)
    project_title = StrictCharField(allow_null=True)
    task_list = serializers.IntegerField(allow_null=True)
    task_list_title = StrictCharField(allow_null=True)
    color = StrictCharField(allow_null=True, help_text="The project's color")
    avatar = serializers.SerializerMethodField()

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_avatar(self, hit) -> str | None:
        return absolute_image_url(hit.user.avatar) if hit.user is not None else None


class SearchPageSerializer(serializers.Serializer):
    results = SearchHitSerializer(many=True)
    page = serializers.IntegerField()
    next_page = serializers.IntegerField(allow_null=True)
