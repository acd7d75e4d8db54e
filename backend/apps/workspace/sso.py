"""Single sign-on with OpenID Connect, per workspace (docs/security.md, "Single sign-on").

The product is the relying party of the workspace's provider (Google Workspace, Microsoft Entra
ID, Keycloak...): the authorization code flow with PKCE (S256), state and nonce. The protocol's
pieces come from Authlib (the PKCE challenge, the authorization URL, the ID token's claims
checks: iss, aud, exp, iat, nonce, at_hash) and joserfc (the signature against the provider's
JWKS); every call to the provider goes through the SSRF-safe fetch (apps/integrations/fetch.py),
since the admin names its address.

1. `start`: the pending sign-in (state -> workspace, nonce, PKCE verifier, redirect URI) is kept
   in the cache for STATE_SECONDS, and the browser goes to the provider.
2. `finish`: the callback's state is taken out of the cache (once), the code is exchanged at the
   token endpoint, the ID token is checked, and the member is found by the verified email inside
   that workspace only. Nothing is created or linked; another workspace's account never matches.
3. `issue_code` / `exchange`: the SPA gets a one-time code valid CODE_SECONDS in the URL's
   fragment and exchanges it for the normal sign-in answer (a token issued by accounts'
   `issue_token`, as the password sign-in does).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from urllib.parse import urlencode, urlsplit

from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.text import slugify
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from apps.accounts import services as account_services
from apps.accounts.models import AuthToken, User, Workspace, WorkspaceSso
from apps.core import timeutils
from apps.core.secrets import MASK, MASK_MISMATCH, masked
from apps.integrations import fetch

STATE_SECONDS = 600
CODE_SECONDS = 60
LEEWAY_SECONDS = 120
SCOPE = "openid email profile"
# Asymmetric signatures only: a shared-secret (HS*) or unsigned ID token is refused.
ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")

# The reasons a sign-in through the provider fails; the SPA's sign-in page says each in words.
FAILED = "failed"
PROVIDER_REFUSED = "provider_refused"
EMAIL_NOT_VERIFIED = "email_not_verified"
UNKNOWN_ACCOUNT = "unknown_account"
ACCOUNT_INACTIVE = "account_inactive"
DISABLED = "disabled"

CODE_INVALID = "This sign-in has expired or was already used. Sign in again."
ISSUER_UNREACHABLE = "The provider's discovery document could not be read at this issuer."
ISSUER_MISMATCH = "The provider's discovery document names another issuer."
ISSUER_HTTPS = "The issuer must be an https address."
SECRET_REQUIRED = "Enter the client secret."


class SsoError(Exception):
    def __init__(self, reason: str, detail: str = ""):
        super().__init__(detail or reason)
        self.reason = reason


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _normal_issuer(issuer: str) -> str:
    return issuer.rstrip("/")


# --- Configuration (admins) ------------------------------------------------------------------


def check_issuer_scheme(issuer: str) -> None:
    """https only, but for the local provider when private hosts are allowed (tests, demo)."""
    scheme = urlsplit(issuer).scheme
    if scheme != "https" and not (scheme == "http" and settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS):
        raise SsoError(FAILED, ISSUER_HTTPS)


def discover(issuer: str) -> dict:
    """The provider's discovery document, checked: it names this issuer and the endpoints used."""
    check_issuer_scheme(issuer)
    url = _normal_issuer(issuer) + "/.well-known/openid-configuration"
    try:
        answer = fetch.fetch(url, headers={"Accept": "application/json"}, max_bytes=256 * 1024)
        metadata = json.loads(answer.body) if answer.status == 200 else None
    except (fetch.FetchError, ValueError):
        metadata = None
    required = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri")
    if not isinstance(metadata, dict) or not all(isinstance(metadata.get(k), str) for k in required):
        raise SsoError(FAILED, ISSUER_UNREACHABLE)
    if _normal_issuer(metadata["issuer"]) != _normal_issuer(issuer):
        raise SsoError(FAILED, ISSUER_MISMATCH)
    return metadata


# The public calls' own words under /api/accounts/sso/: no workspace's link may be one of them.
RESERVED_SLUGS = {"callback", "exchange"}


def _free_slug(name: str) -> str:
    base = (slugify(name) or "workspace")[:40].strip("-") or "workspace"
    if base in RESERVED_SLUGS:
        base += "-workspace"
    slug = base
    while WorkspaceSso.objects.filter(slug=slug).exists():
        slug = f"{base}-{secrets.token_hex(3)}"
    return slug


@transaction.atomic
def configure(*, workspace: Workspace, data: dict) -> WorkspaceSso:
    """Create or change the workspace's provider. A masked client secret sent back (the form shows
    it) keeps the stored one; a new value replaces it."""
    sso = WorkspaceSso.objects.select_for_update().filter(workspace=workspace).first()
    secret = data.get("client_secret") or ""
    if secret.startswith(MASK):
        if sso is None or masked(sso.client_secret) != secret:
            raise SsoError(FAILED, MASK_MISMATCH)
        secret = sso.client_secret
    if not secret:
        raise SsoError(FAILED, SECRET_REQUIRED)
    if sso is None:
        sso = WorkspaceSso(workspace=workspace, slug=_free_slug(workspace.name))
    sso.provider_name = data["provider_name"]
    sso.issuer = _normal_issuer(data["issuer"])
    sso.client_id = data["client_id"]
    sso.secret_json = {"client_secret": secret}
    sso.enabled_yn = data.get("enabled_yn", True)
    sso.password_sign_in_yn = data.get("password_sign_in_yn", True)
    sso.save()
    return sso


@transaction.atomic
def remove(*, workspace: Workspace) -> None:
    WorkspaceSso.objects.filter(workspace=workspace).delete()


def workspace_provider(slug: str) -> WorkspaceSso | None:
    """The enabled provider behind a workspace's sign-in link."""
    return WorkspaceSso.objects.select_related("workspace").filter(slug=slug, enabled_yn=True).first()


# --- The flow -------------------------------------------------------------------------------


def start(*, sso: WorkspaceSso, redirect_uri: str) -> str:
    """The provider's authorization URL for a new sign-in; its state is kept STATE_SECONDS."""
    metadata = discover(sso.issuer)
    state, nonce, verifier = secrets.token_urlsafe(32), secrets.token_urlsafe(32), secrets.token_urlsafe(48)
    pending = {
        "sso_id": sso.pk,
        "nonce": nonce,
        "verifier": verifier,
        "redirect_uri": redirect_uri,
        "expires": (timeutils.now() + dt.timedelta(seconds=STATE_SECONDS)).isoformat(),
    }
    cache.set(f"sso-state:{_digest(state)}", pending, timeout=STATE_SECONDS)
    return add_params_to_uri(
        metadata["authorization_endpoint"],
        [
            ("response_type", "code"),
            ("client_id", sso.client_id),
            ("redirect_uri", redirect_uri),
            ("scope", SCOPE),
            ("state", state),
            ("nonce", nonce),
            ("code_challenge", create_s256_code_challenge(verifier)),
            ("code_challenge_method", "S256"),
        ],
    )


def _take(key: str) -> dict | None:
    """The cached value of `key`, once: of two parallel readers only the one that deletes it wins."""
    value = cache.get(key)
    if value is None or not cache.delete(key):
        return None
    return value


def _expired(value: dict) -> bool:
    return dt.datetime.fromisoformat(value["expires"]) <= timeutils.now()


def pending_workspace_slug(state: str) -> str:
    """The slug of the workspace a (still pending) state belongs to, for the failure's redirect."""
    pending = cache.get(f"sso-state:{_digest(state)}") if state else None
    if not pending:
        return ""
    return WorkspaceSso.objects.filter(pk=pending["sso_id"]).values_list("slug", flat=True).first() or ""


def finish(*, state: str, code: str, error: str = "") -> tuple[WorkspaceSso, User]:
    """The provider's answer, checked; the workspace's member it signs in (SsoError otherwise)."""
    pending = _take(f"sso-state:{_digest(state)}") if state else None
    if pending is None or _expired(pending):
        raise SsoError(FAILED, "unknown or used state")
    sso = WorkspaceSso.objects.filter(pk=pending["sso_id"], enabled_yn=True).first()
    if sso is None:
        raise SsoError(DISABLED)
    if error or not code:
        raise SsoError(PROVIDER_REFUSED, error)
    metadata = discover(sso.issuer)
    tokens = _redeem(sso, metadata, code=code, pending=pending)
    claims = _id_token_claims(sso, metadata, tokens, nonce=pending["nonce"])
    email = claims.get("email")
    if claims.get("email_verified") is not True or not isinstance(email, str) or not email:
        raise SsoError(EMAIL_NOT_VERIFIED)
    # Inside this workspace only: an account of another workspace with the address never matches.
    user = User.objects.filter(workspace_id=sso.workspace_id, email=email.strip().lower()).first()
    if user is None:
        raise SsoError(UNKNOWN_ACCOUNT)
    if not user.is_active:
        raise SsoError(ACCOUNT_INACTIVE)
    return sso, user


def _redeem(sso: WorkspaceSso, metadata: dict, *, code: str, pending: dict) -> dict:
    body = urlencode(
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": pending["redirect_uri"],
            "client_id": sso.client_id,
            "client_secret": sso.client_secret,
            "code_verifier": pending["verifier"],
        }
    ).encode()
    try:
        answer = fetch.fetch(
            metadata["token_endpoint"],
            method="POST",
            body=body,
            headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
            max_bytes=256 * 1024,
        )
        tokens = json.loads(answer.body) if answer.status == 200 else None
    except (fetch.FetchError, ValueError):
        tokens = None
    if not isinstance(tokens, dict) or not isinstance(tokens.get("id_token"), str):
        raise SsoError(FAILED, "the token endpoint gave no ID token")
    return tokens


def _id_token_claims(sso: WorkspaceSso, metadata: dict, tokens: dict, *, nonce: str) -> CodeIDToken:
    try:
        answer = fetch.fetch(
            metadata["jwks_uri"], headers={"Accept": "application/json"}, max_bytes=256 * 1024
        )
        key_set = KeySet.import_key_set(json.loads(answer.body))
        offered = metadata.get("id_token_signing_alg_values_supported") or ["RS256"]
        algorithms = [alg for alg in offered if alg in ALGORITHMS]
        decoded = jwt.decode(tokens["id_token"], key=key_set, algorithms=algorithms or ["RS256"])
        claims = CodeIDToken(
            decoded.claims,
            decoded.header,
            {
                "iss": {"essential": True, "values": [metadata["issuer"]]},
                "aud": {"essential": True, "values": [sso.client_id]},
                "nonce": {"essential": True},
            },
            {"nonce": nonce, "client_id": sso.client_id, "access_token": tokens.get("access_token")},
        )
        claims.validate(leeway=LEEWAY_SECONDS)
    except (fetch.FetchError, JoseError, ValueError, TypeError, KeyError) as exc:
        raise SsoError(FAILED, f"ID token refused: {exc}") from None
    return claims


def issue_code(*, user: User) -> str:
    """A one-time code for the SPA, valid CODE_SECONDS."""
    code = secrets.token_urlsafe(32)
    expires = timeutils.now() + dt.timedelta(seconds=CODE_SECONDS)
    cache.set(
        f"sso-code:{_digest(code)}",
        {"user_id": user.pk, "expires": expires.isoformat()},
        timeout=CODE_SECONDS * 5,
    )
    return code


def exchange(*, code: str, client: str, user_agent: str) -> AuthToken:
    """The token for a one-time code (once, before it expires); SsoError otherwise."""
    grant = _take(f"sso-code:{_digest(code)}") if code else None
    if grant is None or _expired(grant):
        raise SsoError(FAILED, CODE_INVALID)
    user = User.objects.filter(pk=grant["user_id"], is_active=True).first()
    if user is None:
        raise SsoError(FAILED, CODE_INVALID)
    return account_services.issue_token(user=user, client=client, user_agent=user_agent)
