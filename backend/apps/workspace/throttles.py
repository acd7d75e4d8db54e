from apps.core.clients import ClientThrottle


class InvitationThrottle(ClientThrottle):
    """Per client address, like sign-in: the link's token cannot be guessed at speed."""

    scope = "invitation"
