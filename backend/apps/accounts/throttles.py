from rest_framework.throttling import AnonRateThrottle


class SignInThrottle(AnonRateThrottle):
    """Per client address; the per-account lockout lives in services.sign_in."""

    scope = "sign_in"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
