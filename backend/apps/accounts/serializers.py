import io

from django.conf import settings
from django.core.files.base import ContentFile
from drf_spectacular.utils import extend_schema_field
from PIL import Image, ImageOps
from rest_framework import serializers

from apps.accounts import hooks
from apps.accounts.models import ClockFormat, DurationFormat, Observation, User, WeekStart
from apps.core import secrets
from apps.core.serializers import (
    AbsoluteImageField,
    JsonBooleanField,
    ModelSerializer,
    PlannedFieldsMixin,
    StrictCharField,
    absolute_image_url,
    choice_value,
)
from apps.core.text import refuse_hidden_controls
from apps.core.timeutils import is_valid_zone


class FeatureFlagsSerializer(serializers.Serializer):
    under_development = JsonBooleanField()


# The presence app's statuses (apps.work.models.StatusType; a work test keeps the two equal).
STATUS_CHOICES = [("working", "Working"), ("taking_break", "On a break"), ("out_of_office", "Out of Office")]


def statuses_for(*, users, viewer) -> dict[int, str]:
    return hooks.user_status.get().statuses(users=list(users), viewer=viewer)


class UserStatusField(serializers.Field):
    """`current_status`: the status the viewer (the request's user) sees of this user. Its value
    and its schema come from the presence app (apps.work.apps / apps.work.schema)."""

    def __init__(self, **kwargs):
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, user: User) -> dict:
        request = self.context.get("request")
        viewer = request.user if request is not None else user
        return hooks.user_status.get().status(user=user, viewer=viewer)


def _workspace_week_start(user: User) -> str:
    return choice_value(user.workspace.first_day_of_week) if user.workspace_id else WeekStart.MONDAY.value


class UserDetailsSerializer(PlannedFieldsMixin, ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)
    workspace_name = serializers.SerializerMethodField()
    current_status = UserStatusField()
    invisible_mode_yn = serializers.SerializerMethodField(help_text="Always false for other users.")
    external_tracker_config_json = serializers.SerializerMethodField(
        help_text="The user's own tracker settings (they hold credentials): null for other users."
    )
    has_tracker = serializers.SerializerMethodField()
    features = serializers.SerializerMethodField(help_text="The deployment's feature flags.")
    first_day_of_week = serializers.ChoiceField(
        choices=WeekStart.choices, allow_blank=True, help_text='"": the workspace\'s default'
    )
    workspace_first_day_of_week = serializers.SerializerMethodField()

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
            "workspace_user_type",
            "current_status",
            "phone_number",
            "team_page_access_granted_yn",
            "has_beta_version_access_yn",
            "using_beta_version_yn",
            "external_tracker_config_json",
            "has_tracker",
            "features",
            "allow_invisible_mode",
            "invisible_mode_yn",
            "allow_add_manual_shifts",
            "first_day_of_week",
            "workspace_first_day_of_week",
            "clock_format",
            "duration_format",
            "keyboard_shortcuts_yn",
        ]
        read_only_fields = fields

    def to_representation(self, user: User) -> dict:
        """The fields above, built by hand: `me` is the hottest read, and DRF's per-field copies
        and lookups were half of its CPU. `apps/projects/tests/test_serializers_plain.py` compares this with
        DRF's own answer (`drf_representation`) byte for byte, for several users and viewers;
        a field added to `Meta.fields` must be added here too (that test fails until it is)."""
        status_source = hooks.user_status.get()
        request = self.context.get("request")
        viewer = request.user if request is not None else user
        own = viewer.pk == user.pk
        return {
            "id": user.pk,
            "avatar": absolute_image_url(user.avatar, request),
            "full_name": str(user.full_name),
            "display_name": str(user.display_name),
            "email": str(user.email),
            "timezone": str(user.timezone),
            "country": str(user.country),
            "city": str(user.city),
            "what_i_do": str(user.what_i_do),
            "workspace": user.workspace_id,
            "workspace_name": user.workspace.name if user.workspace_id else "",
            "workspace_role": choice_value(user.workspace_role),
            "workspace_user_type": choice_value(user.workspace_user_type),
            "current_status": status_source.status(user=user, viewer=viewer),
            "phone_number": str(user.phone_number),
            "team_page_access_granted_yn": bool(user.team_page_access_granted_yn),
            "has_beta_version_access_yn": bool(user.has_beta_version_access_yn),
            "using_beta_version_yn": bool(user.using_beta_version_yn),
            "external_tracker_config_json": secrets.masked_config(user.external_tracker_config_json)
            if own
            else None,
            "has_tracker": bool(user.external_tracker_config_json),
            "features": dict(settings.FEATURE_FLAGS),
            "allow_invisible_mode": bool(user.allow_invisible_mode),
            "invisible_mode_yn": user.is_invisible if own else False,
            "allow_add_manual_shifts": bool(user.allow_add_manual_shifts),
            "first_day_of_week": choice_value(user.first_day_of_week),
            "workspace_first_day_of_week": _workspace_week_start(user),
            "clock_format": choice_value(user.clock_format),
            "duration_format": choice_value(user.duration_format),
            "keyboard_shortcuts_yn": bool(user.keyboard_shortcuts_yn),
        }

    def drf_representation(self, user: User) -> dict:
        """DRF's answer from the declared fields: what `to_representation` must equal."""
        return super().to_representation(user)

    @extend_schema_field(serializers.ChoiceField(choices=WeekStart.choices))
    def get_workspace_first_day_of_week(self, user: User) -> str:
        return _workspace_week_start(user)

    def get_workspace_name(self, user: User) -> str:
        return user.workspace.name if user.workspace_id else ""

    def _viewer(self, user: User) -> User:
        request = self.context.get("request")
        return request.user if request is not None else user

    @extend_schema_field({"type": "object", "additionalProperties": True, "nullable": True})
    def get_external_tracker_config_json(self, user: User) -> dict | None:
        if self._viewer(user).pk != user.pk:
            return None
        return secrets.masked_config(user.external_tracker_config_json)  # write-only: last 4 shown

    @extend_schema_field(FeatureFlagsSerializer)
    def get_features(self, user: User) -> dict:
        return dict(settings.FEATURE_FLAGS)

    def get_has_tracker(self, user: User) -> bool:
        return bool(user.external_tracker_config_json)

    def get_invisible_mode_yn(self, user: User) -> bool:
        # Teammates must not learn that someone is invisible rather than away.
        return user.is_invisible if self._viewer(user).pk == user.pk else False


class SignInSerializer(serializers.Serializer):
    email = serializers.EmailField(
        error_messages={"required": "Email is required", "blank": "Email is required"}
    )
    password = StrictCharField(
        trim_whitespace=False,
        error_messages={"required": "Password is required", "blank": "Password is required"},
        style={"input_type": "password"},
    )


class AuthTokenSerializer(serializers.Serializer):
    token = StrictCharField()


class SignInResponseSerializer(serializers.Serializer):
    token = StrictCharField()
    user = UserDetailsSerializer()


class DetailSerializer(serializers.Serializer):
    detail = StrictCharField()


AVATAR_MAX_BYTES = 1048576
AVATAR_TOO_LARGE = "Please make sure the image size is less than 1MB."
AVATAR_NOT_IMAGE = "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
AVATAR_WRONG_TYPE = "Upload a valid image. Only png and jpeg images are accepted."
EMAIL_READ_ONLY = "Email cannot be changed here."
BAD_TIMEZONE = "Choose a timezone from the list."
# MPO is how Pillow reads most phone cameras' JPEGs (a JPEG with extra frames).
IMAGE_EXTENSIONS = {"PNG": "png", "JPEG": "jpg", "MPO": "jpg"}
AVATAR_MAX_SIDE = 4096  # larger pictures make every teammate's browser decode a huge bitmap
AVATAR_STORED_SIDE = 512  # the largest avatar shown is 80 px; 512 keeps it sharp on any screen
AVATAR_TOO_MANY_PIXELS = f"Please use an image of at most {AVATAR_MAX_SIDE} x {AVATAR_MAX_SIDE} pixels."


def reencode_avatar(image: Image.Image, image_format: str) -> ContentFile:
    """A fresh file from the decoded pixels: no metadata (EXIF, GPS) and no trailing bytes."""
    image = ImageOps.exif_transpose(image)
    image.thumbnail((AVATAR_STORED_SIDE, AVATAR_STORED_SIDE))
    out = io.BytesIO()
    if image_format == "PNG":
        if image.mode not in ("RGB", "RGBA", "L", "LA"):
            image = image.convert("RGBA")
        image.save(out, format="PNG", optimize=True)
    else:
        image.convert("RGB").save(out, format="JPEG", quality=90)
    return ContentFile(out.getvalue())


class AvatarField(serializers.FileField):
    """png or jpeg by content (not by name), at most 1048576 bytes and 4096 px a side; stored
    re-encoded. "" removes the photo."""

    def validate_empty_values(self, data):
        if data == "":
            return (True, None)
        return super().validate_empty_values(data)

    def to_internal_value(self, data):
        upload = super().to_internal_value(data)
        if upload.size > AVATAR_MAX_BYTES:
            raise serializers.ValidationError(AVATAR_TOO_LARGE)
        try:
            with Image.open(upload) as image:
                image_format = image.format
                if image_format not in IMAGE_EXTENSIONS:
                    raise serializers.ValidationError(AVATAR_WRONG_TYPE)
                if image.width > AVATAR_MAX_SIDE or image.height > AVATAR_MAX_SIDE:
                    raise serializers.ValidationError(AVATAR_TOO_MANY_PIXELS)
                image.load()
                clean = reencode_avatar(image, image_format)
        except (OSError, SyntaxError, ValueError, Image.DecompressionBombError):
            raise serializers.ValidationError(AVATAR_NOT_IMAGE) from None
        clean.image_extension = IMAGE_EXTENSIONS[image_format]
        return clean


class RequiredWhenSentField(serializers.CharField):
    """Optional, but never blank: a form field sent empty is an error, not an omission."""

    def get_value(self, dictionary):
        if self.field_name in dictionary and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)


def _required_text(message: str, max_length: int, validators=()):
    return RequiredWhenSentField(
        required=False,
        max_length=max_length,
        error_messages={"blank": message, "null": message},
        validators=list(validators),
    )


class ProfileUpdateSerializer(serializers.Serializer):
    """Only the fields sent change. Email is shown read-only: sending another address is refused."""

    avatar = AvatarField(
        required=False, allow_null=True, help_text='png or jpeg up to 1 MB; "" or null removes it'
    )
    remove_avatar = serializers.BooleanField(required=False, help_text="true removes the photo")
    full_name = _required_text("Full name is required", 150, [refuse_hidden_controls])
    display_name = _required_text("Display name is required", 80, [refuse_hidden_controls])
    what_i_do = _required_text("Role is required", 120)
    email = serializers.EmailField(required=False)
    timezone = serializers.CharField(required=False, max_length=64)
    country = serializers.CharField(required=False, allow_blank=True, max_length=80)
    city = serializers.CharField(required=False, allow_blank=True, max_length=80)
    first_day_of_week = serializers.ChoiceField(
        choices=WeekStart.choices, required=False, allow_blank=True, help_text='"": the workspace\'s default'
    )
    clock_format = serializers.ChoiceField(choices=ClockFormat.choices, required=False)
    duration_format = serializers.ChoiceField(choices=DurationFormat.choices, required=False)
    keyboard_shortcuts_yn = serializers.BooleanField(
        required=False, help_text="One-key shortcuts outside text fields (docs/keyboard.md)"
    )

    def validate_email(self, value: str) -> str:
        if value.strip().lower() != self.context["user"].email:
            raise serializers.ValidationError(EMAIL_READ_ONLY)
        return value

    def validate_timezone(self, value: str) -> str:
        if not is_valid_zone(value):
            raise serializers.ValidationError(BAD_TIMEZONE)
        return value

    def validate(self, attrs):
        attrs.pop("email", None)
        if attrs.pop("remove_avatar", False):
            attrs["avatar"] = None
        return attrs


class ObservedUserSerializer(ModelSerializer):
    avatar = AbsoluteImageField(allow_null=True)

    class Meta:
        model = User
        # timezone: the checkout opens an observed member's own today (their work days are dated in it)
        fields = ["id", "avatar", "full_name", "display_name", "workspace_role", "what_i_do", "timezone"]
        read_only_fields = fields


class ObservedStatusSerializer(serializers.Serializer):
    status_enum_identifier = serializers.ChoiceField(choices=STATUS_CHOICES)


class ObservedUserWithStatusSerializer(ObservedUserSerializer):
    """The observed user with the status the viewer sees (the teammates strip's rule: an invisible
    member looks out of the office). The view puts `statuses` ({user_id: status}) in the context."""

    current_status = serializers.SerializerMethodField()

    class Meta(ObservedUserSerializer.Meta):
        fields = [*ObservedUserSerializer.Meta.fields, "current_status"]
        read_only_fields = fields

    @extend_schema_field(ObservedStatusSerializer)
    def get_current_status(self, user: User) -> dict:
        return {"status_enum_identifier": self.context["statuses"].get(user.pk, "out_of_office")}


class ObservableUserSerializer(ModelSerializer):
    observed_user = ObservedUserWithStatusSerializer(read_only=True)

    class Meta:
        model = Observation
        fields = ["id", "observed_user", "shown_yn", "starred_yn"]
        read_only_fields = fields


class ObservableUserUpdateSerializer(serializers.Serializer):
    shown_yn = JsonBooleanField(required=False)
    starred_yn = JsonBooleanField(required=False)


class ObserverSerializer(ModelSerializer):
    observer_user = ObservedUserSerializer(source="observer", read_only=True)

    class Meta:
        model = Observation
        fields = ["id", "observer_user"]
        read_only_fields = fields


class PasswordChangeSerializer(serializers.Serializer):
    current_password = StrictCharField(trim_whitespace=False, max_length=128)
    new_password = StrictCharField(trim_whitespace=False, max_length=128)
