from rest_framework.throttling import AnonRateThrottle


class InvitationThrottle(AnonRateThrottle):
    """Per client address, like sign-in: the link's token cannot be guessed at speed."""

    scope = "invitation"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
