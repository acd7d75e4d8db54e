from apps.core.clients import ClientThrottle


class SignInThrottle(ClientThrottle):
    """Per client address; the per-account lockout lives in services.sign_in."""

    scope = "sign_in"
