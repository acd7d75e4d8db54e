from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts.models import User
from apps.core.serializers import AbsoluteImageField
from apps.work.models import StatusType
from apps.work.timeutils import local_date


class UserBriefSerializer(serializers.ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)

    class Meta:
        model = User
        fields = ["id", "avatar", "full_name", "display_name"]
        read_only_fields = fields


class CurrentStatusSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(choices=StatusType.choices)


class MemberUserSerializer(UserBriefSerializer):
    """A member with the current status read from the annotations of the membership row."""

    current_status = serializers.SerializerMethodField()

    class Meta(UserBriefSerializer.Meta):
        fields = [*UserBriefSerializer.Meta.fields, "current_status"]
        read_only_fields = fields

    @extend_schema_field(CurrentStatusSerializer)
    def get_current_status(self, user) -> dict:
        row = self.context.get("status_rows", {}).get(user.pk)
        status = StatusType.OUT_OF_OFFICE.value
        # Current only if it started today in the user's timezone (same rule as apps.work).
        if (
            row
            and row[0]
            and row[1]
            and local_date(row[1], user.timezone) == local_date(timezone.now(), user.timezone)
        ):
            status = row[0]
        return {"status_enum_identifier": status}
