from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.accounts import two_factor
from apps.accounts.models import (
    ClosingPeriod,
    GuardianPolicy,
    User,
    WeekStart,
    WorkHoursSource,
    WorkspaceRole,
    WorkspaceUserType,
)
from apps.checkout.day_status import DAY_STATUS_CHOICES
from apps.core import secrets as integration_secrets
from apps.core import timeutils
from apps.core.serializers import AbsoluteImageField, JsonBooleanField, ModelSerializer, StrictCharField
from apps.core.text import refuse_hidden_controls
from apps.core.timeutils import is_valid_zone
from apps.integrations import services as integration_services
from apps.timeaccount.serializers import TimeAccountTeamSummarySerializer
from apps.work.services import activity
from apps.workspace import selectors

EMAIL_REQUIRED = "Email is required."
USER_TYPE_REQUIRED = "User Type is required."
TEAM_PAGE_OWNER_REQUIRED = "Team page owner must be selected"
TRACKER_CONFIG_REQUIRED = "Add the external tracker configuration or turn off 'External Tracker'"
BAD_TIMEZONE = "Choose a timezone from the list."
BLANK_NAME = "Display name is required"
CONFIG_OBJECT = "Enter the configuration as a JSON object."


class UserRefSerializer(ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)

    class Meta:
        model = User
        fields = ["id", "avatar", "full_name", "display_name"]
        read_only_fields = fields


class TeamPageEntrySerializer(serializers.Serializer):
    """Team page observation (spec 02 §3): the observed user."""

    observed_user = UserRefSerializer(read_only=True)


class MemberProjectSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="project.id")
    title = StrictCharField(source="project.title")
    archived_yn = JsonBooleanField(source="project.archived_yn")
    access_type_enum = StrictCharField()
    project_role = StrictCharField()


class MemberSerializer(ModelSerializer):
    """A member as the workspace area shows them (spec 02 §2 Members panel)."""

    avatar = AbsoluteImageField(allow_null=True)
    last_active = serializers.SerializerMethodField(
        help_text="Now while in the office; else the latest sign-in or status change"
    )
    invitation_pending = serializers.SerializerMethodField(help_text="Invited, has not set a password yet")
    team_pages = serializers.SerializerMethodField(
        help_text="The members this member observes on their team page"
    )
    external_tracker_enabled = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = [
            "id",
            "avatar",
            "email",
            "full_name",
            "display_name",
            "what_i_do",
            "country",
            "city",
            "timezone",
            "phone_number",
            "workspace_role",
            "workspace_user_type",
            "is_active",
            "invitation_pending",
            "last_active",
            "team_pages",
            "team_page_access_granted_yn",
            "has_beta_version_access_yn",
            "allow_add_manual_shifts",
            "allow_invisible_mode",
            "work_hours_source",
            "external_tracker_enabled",
            "external_tracker_config_json",
            "external_calendar_config_json",
        ]
        read_only_fields = fields

    def get_last_active(self, user: User) -> serializers.DateTimeField:  # type: ignore[valid-type]
        moment = selectors.last_active(user, now=self.context.get("now") or timeutils.now())
        return serializers.DateTimeField().to_representation(moment) if moment else None

    def get_invitation_pending(self, user: User) -> bool:
        return not user.has_usable_password()

    @extend_schema_field(TeamPageEntrySerializer(many=True))
    def get_team_pages(self, user: User) -> list[dict]:
        return TeamPageEntrySerializer(user.observations.all(), many=True, context=self.context).data

    def get_external_tracker_enabled(self, user: User) -> bool:
        return bool(user.external_tracker_config_json)

    def to_representation(self, instance):
        # The member's calendar address and tracker key stay write-only (apps/integrations/secrets.py).
        data = super().to_representation(instance)
        for field in ("external_tracker_config_json", "external_calendar_config_json"):
            data[field] = integration_secrets.masked_config(data[field])
        return data


# drf-spectacular reads the return annotation: last_active is a nullable date-time.
MemberSerializer.get_last_active = extend_schema_field(serializers.DateTimeField(allow_null=True))(
    MemberSerializer.get_last_active
)


class MemberDetailSerializer(MemberSerializer):
    projects = serializers.SerializerMethodField()
    two_factor_enabled = serializers.SerializerMethodField()

    class Meta(MemberSerializer.Meta):
        fields = [*MemberSerializer.Meta.fields, "projects", "two_factor_enabled"]
        read_only_fields = fields

    def get_two_factor_enabled(self, user: User) -> bool:
        """An authenticator app is set up (an admin may reset it)."""
        return two_factor.is_enrolled(user)

    @extend_schema_field(MemberProjectSerializer(many=True))
    def get_projects(self, user: User) -> list[dict]:
        return MemberProjectSerializer(selectors.member_projects(user=user), many=True).data


class MemberPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = MemberSerializer(many=True)


def _config_field():
    return serializers.JSONField(required=False, allow_null=True)


def _check_config(value):
    if value is not None and not isinstance(value, dict):
        raise serializers.ValidationError(CONFIG_OBJECT)
    return value or None


def _integration_config(clean, value):
    """The integrations' own checks (a known tracker and its key, an http(s) calendar address)."""
    try:
        return clean(value)
    except DjangoValidationError as exc:
        raise serializers.ValidationError([m for ms in exc.message_dict.values() for m in ms]) from exc


class MemberFieldsMixin(serializers.Serializer):
    full_name = StrictCharField(
        required=False, allow_blank=True, max_length=150, validators=[refuse_hidden_controls]
    )
    display_name = StrictCharField(
        required=False, allow_blank=True, max_length=80, validators=[refuse_hidden_controls]
    )
    what_i_do = StrictCharField(required=False, allow_blank=True, max_length=120)
    country = StrictCharField(required=False, allow_blank=True, max_length=80)
    city = StrictCharField(required=False, allow_blank=True, max_length=80)
    timezone = StrictCharField(required=False, max_length=64)
    phone_number = StrictCharField(required=False, allow_blank=True, max_length=40)
    workspace_role = serializers.ChoiceField(choices=WorkspaceRole.choices, required=False)
    team_page_access_granted_yn = JsonBooleanField(required=False)
    has_beta_version_access_yn = JsonBooleanField(required=False)
    allow_add_manual_shifts = JsonBooleanField(required=False)
    allow_invisible_mode = JsonBooleanField(required=False)
    work_hours_source = serializers.ChoiceField(choices=WorkHoursSource.choices, required=False)
    external_tracker_enabled = JsonBooleanField(required=False, write_only=True)
    external_tracker_config_json = _config_field()
    external_calendar_config_json = _config_field()

    def validate_timezone(self, value: str) -> str:
        if not is_valid_zone(value):
            raise serializers.ValidationError(BAD_TIMEZONE)
        return value

    def _with_stored(self, value, field: str):
        """A masked secret sent back (the form shows it masked) stands for the member's saved one."""
        member = self.context.get("member")
        return _integration_config(
            lambda config: integration_secrets.with_stored_secrets(
                config, getattr(member, field, None), field=field
            ),
            _check_config(value),
        )

    def validate_external_tracker_config_json(self, value):
        value = self._with_stored(value, "external_tracker_config_json")
        return _integration_config(integration_services.clean_tracker_config, value)

    def validate_external_calendar_config_json(self, value):
        value = self._with_stored(value, "external_calendar_config_json")
        return _integration_config(integration_services.clean_calendar_config, value)

    def validate(self, attrs):
        enabled = attrs.pop("external_tracker_enabled", None)
        if enabled is True and not attrs.get("external_tracker_config_json"):
            raise serializers.ValidationError({"external_tracker_config_json": [TRACKER_CONFIG_REQUIRED]})
        if enabled is False:
            attrs["external_tracker_config_json"] = None
        if "display_name" in attrs and not attrs["display_name"].strip() and self.partial:
            raise serializers.ValidationError({"display_name": [BLANK_NAME]})
        return attrs


class MemberCreateSerializer(MemberFieldsMixin):
    """The Add new member wizard (spec 02 §3 New member form, §5 New member rules)."""

    email = serializers.EmailField(
        error_messages={"required": EMAIL_REQUIRED, "blank": EMAIL_REQUIRED, "null": EMAIL_REQUIRED}
    )
    workspace_user_type = serializers.ChoiceField(
        choices=WorkspaceUserType.choices,
        error_messages={
            "required": USER_TYPE_REQUIRED,
            "null": USER_TYPE_REQUIRED,
            "invalid_choice": USER_TYPE_REQUIRED,
        },
    )
    team_page_owner_ids = serializers.ListField(
        child=serializers.IntegerField(),
        max_length=200,
        error_messages={"required": TEAM_PAGE_OWNER_REQUIRED, "empty": TEAM_PAGE_OWNER_REQUIRED},
        allow_empty=False,
    )
    send_invitation = JsonBooleanField(default=True)


class MemberCreatedSerializer(serializers.Serializer):
    member = MemberDetailSerializer()
    set_password_link = StrictCharField(
        allow_null=True, help_text="Only when added without an invitation: shown once to the admin"
    )


class MemberUpdateSerializer(MemberFieldsMixin):
    email = serializers.EmailField(required=False, error_messages={"blank": EMAIL_REQUIRED})
    workspace_user_type = serializers.ChoiceField(choices=WorkspaceUserType.choices, required=False)


class TeamPageUpdateSerializer(serializers.Serializer):
    observed_user_ids = serializers.ListField(child=serializers.IntegerField(), max_length=200)


class TeamPageRowSerializer(serializers.Serializer):
    """A row of the team page: an observed member's day so far (their own local today)."""

    observed_user = UserRefSerializer(source="user")
    status = serializers.ChoiceField(choices=["working", "taking_break", "out_of_office"])
    work_time = serializers.IntegerField(help_text="seconds worked today")
    break_time = serializers.IntegerField(help_text="seconds on a break today")
    tasks_time = serializers.IntegerField(help_text="seconds on tasks today")
    checkout_status = serializers.ChoiceField(
        choices=DAY_STATUS_CHOICES,
        allow_null=True,
        help_text="The checkout status of the member's latest day that has one (the last 7 days)",
    )
    checkout_date = serializers.DateField(allow_null=True, help_text="The day of checkout_status")
    shown_yn = JsonBooleanField()
    starred_yn = JsonBooleanField()
    time_account = TimeAccountTeamSummarySerializer(
        allow_null=True,
        help_text="The member's week and balance (docs/timeaccount.md); null in invisible mode",
    )


class InvitationTokenSerializer(serializers.Serializer):
    token = StrictCharField(max_length=2000)


class InvitationInfoSerializer(serializers.Serializer):
    email = serializers.EmailField()
    display_name = StrictCharField()
    workspace_name = StrictCharField()


class InvitationAcceptSerializer(InvitationTokenSerializer):
    password = StrictCharField(max_length=128, trim_whitespace=False, style={"input_type": "password"})


GUARDIAN_MIN_MINUTES, GUARDIAN_MAX_MINUTES = 5, 720  # docs/guardian.md


class WorkspaceSettingsSerializer(serializers.Serializer):
    name = StrictCharField(read_only=True)
    first_day_of_week = serializers.ChoiceField(choices=WeekStart.choices, required=False)
    closing_period = serializers.ChoiceField(
        choices=ClosingPeriod.choices,
        required=False,
        help_text="How members close their time (docs/closing.md).",
    )
    auto_submit_after_days = serializers.IntegerField(
        min_value=0,
        max_value=60,
        allow_null=True,
        required=False,
        help_text="A worked draft period is submitted this many days after its end; null: never.",
    )
    approval_reminder_days = serializers.IntegerField(
        min_value=1,
        max_value=60,
        allow_null=True,
        required=False,
        help_text="Approvers are reminded of a period waiting this many days; null: never.",
    )
    require_two_factor = JsonBooleanField(
        required=False,
        help_text="Members without two-factor sign-in set it up at their next sign-in (docs/security.md).",
    )
    presence_idle_minutes = serializers.IntegerField(
        required=False,
        min_value=activity.MIN_IDLE_MINUTES,
        max_value=activity.MAX_IDLE_MINUTES,
        help_text="Minutes without activity after which teammates see a member as idle (docs/presence.md).",
    )
    guardian_policy = serializers.ChoiceField(
        choices=GuardianPolicy.choices,
        required=False,
        help_text="No answer to 'Still working?' in time: propose or apply the end; off: never ask, and "
        "turning it off withdraws the open questions (docs/guardian.md).",
    )
    guardian_overrun_minutes = serializers.IntegerField(
        required=False,
        min_value=GUARDIAN_MIN_MINUTES,
        max_value=GUARDIAN_MAX_MINUTES,
        help_text="'Still working?' when a shift runs this many minutes past the day's schedule.",
    )
    guardian_quiet_minutes = serializers.IntegerField(
        required=False,
        min_value=GUARDIAN_MIN_MINUTES,
        max_value=GUARDIAN_MAX_MINUTES,
        help_text="'Still working?' after this many minutes working with no activity on any device.",
    )
    guardian_answer_minutes = serializers.IntegerField(
        required=False,
        min_value=GUARDIAN_MIN_MINUTES,
        max_value=GUARDIAN_MAX_MINUTES,
        help_text="Minutes to answer 'Still working?' before the policy applies.",
    )
