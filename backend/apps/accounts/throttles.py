from apps.core.clients import ClientThrottle


class SignInThrottle(ClientThrottle):
    """Per client address; the per-account lockout lives in services.sign_in."""

    scope = "sign_in"


class PasswordResetThrottle(ClientThrottle):
    """'Forgot password?' per client address; the per-account limit lives in password_reset."""

    scope = "password_reset"


class PasswordResetLinkThrottle(ClientThrottle):
    """The emailed link's calls (check, confirm) per client address, like the invitation link's."""

    scope = "password_reset_link"


class ReminderLinkThrottle(ClientThrottle):
    """A reminder email's switch-off link (check, switch off, one click) per client address."""

    scope = "reminder_link"
