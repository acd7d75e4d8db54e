from rest_framework import authentication, exceptions

from apps.accounts.models import AuthToken


class TokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>` against our multi-device AuthToken table."""

    model = AuthToken

    def authenticate_credentials(self, key):
        token = AuthToken.objects.select_related("user", "user__workspace").filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token


def user_for_token_key(key: str):
    token = AuthToken.objects.select_related("user", "user__workspace").filter(key=key).first()
    if token is None or not token.user.is_active:
        return None
    return token.user
