import binascii
import hashlib
import os

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone as dj_timezone

from apps.core.fields import EncryptedJSONField
from apps.core.models import TimeStampedModel


class WeekStart(models.TextChoices):
    MONDAY = "monday", "Monday"
    SUNDAY = "sunday", "Sunday"
    SATURDAY = "saturday", "Saturday"


class ClosingPeriod(models.TextChoices):
    """How a workspace closes its members' time (docs/closing.md): a week from its first day, or a month."""

    WEEKLY = "weekly", "Weekly"
    MONTHLY = "monthly", "Monthly"


class GuardianPolicy(models.TextChoices):
    """What the shift guardian does when 'Still working?' gets no answer, or `off`: it asks nothing
    and acts on nothing in the workspace (docs/guardian.md)."""

    PROPOSE = "propose", "Propose ending the shift"
    APPLY = "apply", "End the shift"
    OFF = "off", "Do not ask"


class ClockFormat(models.TextChoices):
    H24 = "24h", "24-hour"
    H12 = "12h", "12-hour"


class DurationFormat(models.TextChoices):
    """How durations are shown: hours and minutes ('1h 30m', spec 01 section 9) or decimal hours ('1.50h')."""

    HOURS_MINUTES = "hm", "Hours and minutes"
    DECIMAL = "decimal", "Decimal hours"


class Workspace(TimeStampedModel):
    name = models.CharField(max_length=120)
    # The workspace's default; each user may override it (docs/calendar.md, "Preferences").
    # A database default too: code that predates the column (old migrations' models) still inserts.
    first_day_of_week = models.CharField(
        max_length=10, choices=WeekStart.choices, default=WeekStart.MONDAY, db_default=WeekStart.MONDAY
    )
    closing_period = models.CharField(
        max_length=10,
        choices=ClosingPeriod.choices,
        default=ClosingPeriod.WEEKLY,
        db_default=ClosingPeriod.WEEKLY,
    )
    # Closing rules (docs/closing.md "Reminders and automatic submit"): a period left in draft this
    # many days after it ended is submitted for the member (None: never); approvers are reminded of
    # a period waiting this many days for them (None: never).
    auto_submit_after_days = models.PositiveSmallIntegerField(null=True, blank=True, default=None)
    approval_reminder_days = models.PositiveSmallIntegerField(null=True, blank=True, default=3, db_default=3)
    # Members without two-factor sign-in get no token until they set it up (docs/security.md).
    require_two_factor = models.BooleanField(default=False, db_default=False)
    # Real presence (docs/presence.md): minutes without activity after which teammates see a
    # working member as 'Working · idle 12m'.
    presence_idle_minutes = models.PositiveSmallIntegerField(default=10, db_default=10)
    # The shift guardian (docs/guardian.md): 'Still working?' for a shift past the schedule's end
    # plus `guardian_overrun_minutes`, or working with no activity for `guardian_quiet_minutes`;
    # no answer in `guardian_answer_minutes`: the policy proposes or applies the end; `off`: never asks.
    guardian_policy = models.CharField(
        max_length=10, choices=GuardianPolicy.choices, default=GuardianPolicy.PROPOSE, db_default="propose"
    )
    guardian_overrun_minutes = models.PositiveSmallIntegerField(default=60, db_default=60)
    guardian_quiet_minutes = models.PositiveSmallIntegerField(default=60, db_default=60)
    guardian_answer_minutes = models.PositiveSmallIntegerField(default=30, db_default=30)

    def __str__(self) -> str:
        return self.name


class WorkspaceRole(models.TextChoices):
    ADMIN = "ADMIN", "Admin"
    MEMBER = "MEMBER", "Member"


class WorkspaceUserType(models.TextChoices):
    MEMBER = "MEMBER", "Member"
    ADMIN = "ADMIN", "Admin"
    OWNER = "OWNER", "Owner"


class WorkHoursSource(models.TextChoices):
    """Where a member's work hours come from (spec 02 §3: default office time)."""

    OFFICE_TIME = "office_time", "Office time"
    EXTERNAL_TRACKER = "external_tracker", "External tracker"


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields):
        if not email:
            raise ValueError("Email is required")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields):
        fields.setdefault("is_staff", True)
        fields.setdefault("is_superuser", True)
        return self.create_user(email, password, **fields)


def avatar_upload_to(instance: "User", filename: str) -> str:
    ext = os.path.splitext(filename)[1].lower() or ".png"
    return f"avatars/{instance.pk}/{binascii.hexlify(os.urandom(8)).decode()}{ext}"


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(unique=True)
    avatar = models.ImageField(upload_to=avatar_upload_to, blank=True, null=True)
    full_name = models.CharField(max_length=150, blank=True)
    display_name = models.CharField(max_length=80, blank=True)
    timezone = models.CharField(max_length=64, default="UTC")
    country = models.CharField(max_length=80, blank=True)
    city = models.CharField(max_length=80, blank=True)
    what_i_do = models.CharField(max_length=120, blank=True)
    phone_number = models.CharField(max_length=40, blank=True)
    workspace = models.ForeignKey(
        Workspace, on_delete=models.PROTECT, related_name="users", null=True, blank=True
    )
    workspace_role = models.CharField(
        max_length=10, choices=WorkspaceRole.choices, default=WorkspaceRole.MEMBER
    )
    workspace_user_type = models.CharField(
        max_length=10, choices=WorkspaceUserType.choices, default=WorkspaceUserType.MEMBER
    )
    team_page_access_granted_yn = models.BooleanField(default=False)
    has_beta_version_access_yn = models.BooleanField(default=False)
    using_beta_version_yn = models.BooleanField(default=False)
    # Credentials and secret addresses: stored encrypted (apps.core.fields, docs/integrations.md).
    external_tracker_config_json = EncryptedJSONField(null=True, blank=True)
    external_calendar_config_json = EncryptedJSONField(null=True, blank=True)
    work_hours_source = models.CharField(
        max_length=20, choices=WorkHoursSource.choices, default=WorkHoursSource.OFFICE_TIME
    )
    allow_add_manual_shifts = models.BooleanField(default=True)
    # Every day up to and including this date is closed (an admin's bulk lock, docs/closing.md). Kept
    # on the user row so the user lock that every write of a person's day takes reads it for free.
    closed_through = models.DateField(null=True, blank=True)
    # Preferences (docs/calendar.md): "" follows the workspace's first day of the week.
    first_day_of_week = models.CharField(
        max_length=10, choices=WeekStart.choices, blank=True, default="", db_default=""
    )
    clock_format = models.CharField(
        max_length=3, choices=ClockFormat.choices, default=ClockFormat.H24, db_default=ClockFormat.H24
    )
    duration_format = models.CharField(
        max_length=8,
        choices=DurationFormat.choices,
        default=DurationFormat.HOURS_MINUTES,
        db_default=DurationFormat.HOURS_MINUTES,
    )
    # One-key shortcuts outside text fields (docs/keyboard.md); Ctrl-K and '?' stay on.
    keyboard_shortcuts_yn = models.BooleanField(default=True, db_default=True)
    allow_invisible_mode = models.BooleanField(default=False)
    # Switched by the member; counts only while allow_invisible_mode holds (docs/invisible-mode.md).
    invisible_mode_yn = models.BooleanField(default=False)
    # Real presence (docs/presence.md; written only by apps/work/activity.py): "" never seen, else
    # "active", "idle" or "away", and since when. Only the transitions are stored here (on the user
    # row, so the strip reads them with the member and its read stamp renews with them); each
    # heartbeat's instant goes to work's MemberActivity, whose writes renew nothing.
    presence_state = models.CharField(max_length=8, blank=True, default="", db_default="")
    presence_since = models.DateTimeField(null=True, blank=True)
    # Reminders and the morning digest (docs/reminders.md): each reminder switchable by the member
    # (Edit Profile > Reminders, or the one-click link of its email); the digest's email at a local
    # hour. `reminders_version` moves on every change, so an emailed switch-off link works once.
    remind_office_start_yn = models.BooleanField(default=True, db_default=True)
    remind_checkout_note_yn = models.BooleanField(default=True, db_default=True)
    remind_tracker_yn = models.BooleanField(default=True, db_default=True)
    remind_closing_yn = models.BooleanField(default=True, db_default=True)
    digest_email_yn = models.BooleanField(default=True, db_default=True)
    digest_hour = models.PositiveSmallIntegerField(default=8, db_default=8)
    reminders_version = models.PositiveIntegerField(default=0, db_default=0)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=dj_timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        indexes = [models.Index(fields=["workspace", "display_name"])]

    def __str__(self) -> str:
        return self.email

    @property
    def is_invisible(self) -> bool:
        return self.invisible_mode_yn and self.allow_invisible_mode


def generate_token_key() -> str:
    return binascii.hexlify(os.urandom(20)).decode()


def token_digest(key: str) -> str:
    """How a token is stored and looked up: a database dump holds no usable key."""
    return hashlib.sha256(key.encode()).hexdigest()


class AuthToken(models.Model):
    """One token per signed-in device; 'sign out on all devices' deletes them all.

    Only the sha256 digest of the key is stored; the key itself exists on the instance that
    issued it (`token.key`) and in the client. A token unused for TOKEN_IDLE_DAYS is dead
    (apps/accounts/authentication.py)."""

    digest = models.CharField(max_length=64, primary_key=True, editable=False)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="auth_tokens")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(default=dj_timezone.now)
    user_agent = models.CharField(max_length=255, blank=True)
    # The client address of the sign-in, then of the last recorded use (the sessions list).
    address = models.CharField(max_length=45, blank=True, default="", db_default="")

    key: str | None = None  # in clear only on the instance that issued it

    def __str__(self) -> str:
        return f"token of {self.user_id}"

    def save(self, *args, **kwargs):
        if not self.digest:
            self.key = generate_token_key()
            self.digest = token_digest(self.key)
        super().save(*args, **kwargs)


class Observation(TimeStampedModel):
    """`observer` may see `observed_user`'s shared checkout; the observer controls the flags."""

    observer = models.ForeignKey(User, on_delete=models.CASCADE, related_name="observations")
    observed_user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="observed_by")
    shown_yn = models.BooleanField(default=True)
    starred_yn = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["observer", "observed_user"], name="unique_observation"),
            models.CheckConstraint(
                condition=~models.Q(observer=models.F("observed_user")), name="observation_not_self"
            ),
        ]


class TeammatePin(TimeStampedModel):
    """`viewer` pinned `teammate` to the front of their teammates strip."""

    viewer = models.ForeignKey(User, on_delete=models.CASCADE, related_name="teammate_pins")
    teammate = models.ForeignKey(User, on_delete=models.CASCADE, related_name="pinned_by")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["viewer", "teammate"], name="unique_teammate_pin"),
            models.CheckConstraint(condition=~models.Q(viewer=models.F("teammate")), name="pin_not_self"),
        ]


class NotificationKind(models.TextChoices):
    ADDED_TO_PROJECT = "added_to_project", "Added to a project"
    REMOVED_FROM_PROJECT = "removed_from_project", "Removed from a project"
    ADDED_TO_LIST = "added_to_list", "Added to a task list"
    REMOVED_FROM_LIST = "removed_from_list", "Removed from a task list"
    ACTIVITY_SUBMITTED = "activity_submitted", "An activity was submitted"
    ACTIVITY_CONFIRMED = "activity_confirmed", "Your activity was confirmed"
    PERIOD_REJECTED = "period_rejected", "Your period was sent back"
    CORRECTION_DECIDED = "correction_decided", "Your correction was decided"
    CLOSING_REMINDER = "closing_reminder", "Your period ends soon or is overdue"
    APPROVAL_REMINDER = "approval_reminder", "A period waits for your approval"
    # Reminders and the morning digest (docs/reminders.md).
    OFFICE_START_REMINDER = "office_start_reminder", "Not in the office by the scheduled start"
    CHECKOUT_NOTE_REMINDER = "checkout_note_reminder", "The checkout note is not written yet"
    TRACKER_REMINDER = "tracker_reminder", "The tracker is still running"
    MORNING_DIGEST = "morning_digest", "The morning digest is ready"
    SHIFT_GUARDIAN = "shift_guardian", "Still working?"
    TIME_OFF_REQUESTED = "time_off_requested", "Time off waits for your decision"
    TIME_OFF_DECIDED = "time_off_decided", "Your time off was decided"


class Notification(models.Model):
    """Something a user should know about (docs/activities.md, "Notifications").

    Accounts sits below projects, so the project, list and task are kept as ids with the titles
    they had when the notification was made (a notification reads the same after a rename)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    actor = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    kind = models.CharField(max_length=32, choices=NotificationKind.choices)
    text = models.CharField(max_length=300)
    datetime = models.DateTimeField()
    unread = models.BooleanField(default=True)
    project_id = models.IntegerField(null=True, blank=True)
    project_title = models.CharField(max_length=120, blank=True, default="")
    list_id = models.IntegerField(null=True, blank=True)
    list_title = models.CharField(max_length=120, blank=True, default="")
    task_id = models.IntegerField(null=True, blank=True)
    task_title = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        indexes = [
            models.Index(fields=["user", "-datetime", "-id"]),
            models.Index(fields=["user", "unread"]),
        ]

    def __str__(self) -> str:
        return self.text


class InvitationKind(models.TextChoices):
    INVITATION = "invitation", "Invitation sent by email"
    SET_PASSWORD = "set_password", "Set-password link shown to the admin"


class Invitation(models.Model):
    """A link that lets a new member set their password, once, before it expires.

    The link carries a signed (id, key) pair (apps/accounts/invitations.py); only the sha256 of
    the key is stored. A new invitation for the same user revokes the older ones."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="invitations")
    created_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    kind = models.CharField(max_length=20, choices=InvitationKind.choices)
    key_digest = models.CharField(max_length=64)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_yn = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["user", "-created_at"])]

    def __str__(self) -> str:
        return f"invitation of {self.user_id}"


class WorkspaceSso(TimeStampedModel):
    """A workspace's single sign-on with OpenID Connect (docs/security.md, "Single sign-on").

    Members sign in with 'Continue with <provider_name>'; an account is matched by its verified
    email inside this workspace only. `client_secret` is stored encrypted and read back masked
    (apps/core/secrets.py). With `password_sign_in_yn` off, members must use the provider; the
    workspace's admins keep their password (so a broken provider never locks the workspace out)."""

    workspace = models.OneToOneField(Workspace, on_delete=models.CASCADE, related_name="sso")
    # The public name of the workspace's sign-in link: /?workspace=<slug>.
    slug = models.SlugField(max_length=60, unique=True)
    provider_name = models.CharField(max_length=60)
    issuer = models.URLField(max_length=300)
    client_id = models.CharField(max_length=255)
    # {"client_secret": "..."}: encrypted at rest like the integrations' secrets.
    secret_json = EncryptedJSONField(default=dict)
    enabled_yn = models.BooleanField(default=True)
    password_sign_in_yn = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"sso of {self.workspace_id}"

    @property
    def client_secret(self) -> str:
        return (self.secret_json or {}).get("client_secret", "")
