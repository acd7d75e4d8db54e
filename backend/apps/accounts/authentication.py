from rest_framework import authentication, exceptions

from apps.accounts.models import AuthToken


def active_token(key: str) -> AuthToken | None:
    """The token with this key, if its user may still sign in."""
    token = AuthToken.objects.select_related("user", "user__workspace").filter(key=key).first()
    return token if token is not None and token.user.is_active else None


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>` against our multi-device AuthToken table."""

    model = AuthToken

    def authenticate_credentials(self, key):
        token = active_token(key)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        return token.user, token


def user_for_token_key(key: str):
    token = active_token(key)
    return token.user if token is not None else None
