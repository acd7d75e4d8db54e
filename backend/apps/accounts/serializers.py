from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts.models import User
from apps.work.selectors import current_status_record
from apps.work.serializers import StatusRecordSerializer, status_payload


class UserDetailsSerializer(serializers.ModelSerializer):
    avatar = serializers.ImageField(read_only=True, allow_null=True)
    workspace_name = serializers.SerializerMethodField()
    current_status = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = [
            "id",
            "avatar",
            "full_name",
            "display_name",
            "email",
            "timezone",
            "country",
            "city",
            "what_i_do",
            "workspace",
            "workspace_name",
            "workspace_role",
            "current_status",
            "phone_number",
            "team_page_access_granted_yn",
            "has_beta_version_access_yn",
            "using_beta_version_yn",
            "external_tracker_config_json",
        ]
        read_only_fields = fields

    def get_workspace_name(self, user: User) -> str:
        return user.workspace.name if user.workspace_id else ""

    @extend_schema_field(StatusRecordSerializer)
    def get_current_status(self, user: User) -> dict:
        return status_payload(current_status_record(user=user))


class SignInSerializer(serializers.Serializer):
    email = serializers.EmailField(
        error_messages={"required": "Email is required", "blank": "Email is required"}
    )
    password = serializers.CharField(
        trim_whitespace=False,
        error_messages={"required": "Password is required", "blank": "Password is required"},
        style={"input_type": "password"},
    )


class AuthTokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class SignInResponseSerializer(serializers.Serializer):
    token = serializers.CharField()
    user = UserDetailsSerializer()


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()
