from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts.models import User
from apps.core.serializers import AbsoluteImageField, ModelSerializer
from apps.work import presence
from apps.work.models import StatusType


class UserBriefSerializer(ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)

    class Meta:
        model = User
        fields = ["id", "avatar", "full_name", "display_name"]
        read_only_fields = fields


class CurrentStatusSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(choices=StatusType.choices)


class MemberUserSerializer(UserBriefSerializer):
    """A member with the status the caller sees of them (an invisible member looks out of the office)."""

    # The rule is apps.work.presence's; rows come from selectors.project_memberships (open
    # records prefetched) and the context names the viewer.

    current_status = serializers.SerializerMethodField()

    class Meta(UserBriefSerializer.Meta):
        fields = [*UserBriefSerializer.Meta.fields, "current_status"]
        read_only_fields = fields

    @extend_schema_field(CurrentStatusSerializer)
    def get_current_status(self, user) -> dict:
        status = presence.seen_status(
            user=user, viewer=self.context["viewer"], record=presence.latest_open_record(user)
        )
        return {"status_enum_identifier": status}
