"""A small, real OpenID Connect provider for tests, e2e and trying single sign-on offline
(docs/security.md, "Single sign-on"). Served by the fake integrations server under /oidc:

- GET  /oidc/.well-known/openid-configuration   the discovery document
- GET  /oidc/jwks                               the public key (RS256, generated at start-up)
- GET  /oidc/authorize                          a tiny sign-in form: the email to sign in as and
                                                whether the provider verified it
- POST /oidc/authorize                          the form: back to redirect_uri with code and state
- POST /oidc/token                              the code (client secret and PKCE verifier checked)
                                                for an access token and an RS256 id_token

The client is CLIENT_ID / CLIENT_SECRET. Nothing here is a mock of the relying party's library:
the product talks to it over HTTP as to Google or Keycloak. The form's hidden fields carry the
authorization request (a test may change the nonce there to see it refused).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import secrets
import threading
import time
from urllib.parse import parse_qs, urlencode

from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "remote-office"
CLIENT_SECRET = "fake-oidc-client-secret-4242"
PATH = "/oidc"
CODE_SECONDS = 60

_lock = threading.Lock()
_key: RSAKey | None = None
_codes: dict[str, dict] = {}


def key() -> RSAKey:
    global _key
    with _lock:
        if _key is None:
            _key = RSAKey.generate_key(2048, parameters={"kid": secrets.token_hex(8), "use": "sig"})
        return _key


def discovery(issuer: str) -> dict:
    return {
        "issuer": issuer,
        "authorization_endpoint": f"{issuer}/authorize",
        "token_endpoint": f"{issuer}/token",
        "jwks_uri": f"{issuer}/jwks",
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "scopes_supported": ["openid", "email", "profile"],
        "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
        "code_challenge_methods_supported": ["S256"],
        "claims_supported": ["sub", "email", "email_verified", "name"],
    }


def jwks() -> dict:
    return {"keys": [key().as_dict(private=False)]}


AUTHORIZE_FIELDS = ("client_id", "redirect_uri", "state", "nonce", "code_challenge", "code_challenge_method")


def authorize_form(query: dict) -> tuple[int, str]:
    if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code":
        return 400, "<p>Unknown client or response type.</p>"
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{html.escape(query.get(name, ""))}">'
        for name in AUTHORIZE_FIELDS
    )
    page = f"""<!doctype html><html><head><title>Local identity provider</title></head>
<body style="font-family: sans-serif; max-width: 360px; margin: 48px auto">
<h1>Local identity provider</h1>
<form method="post" action="{PATH}/authorize">{hidden}
<p><label>Email <input name="email" type="email" required></label></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button type="submit">Sign in</button></p>
</form></body></html>"""
    return 200, page


def authorize_submit(form: dict) -> str:
    """The redirect (with code and state) for the submitted form."""
    code = secrets.token_urlsafe(24)
    with _lock:
        _codes[code] = {
            "email": form.get("email", ""),
            "email_verified": form.get("email_verified") == "true",
            "nonce": form.get("nonce", ""),
            "client_id": form.get("client_id", ""),
            "redirect_uri": form.get("redirect_uri", ""),
            "code_challenge": form.get("code_challenge", ""),
            "expires": time.time() + CODE_SECONDS,
        }
    return form.get("redirect_uri", "") + "?" + urlencode({"code": code, "state": form.get("state", "")})


def _client_of(headers, form: dict) -> tuple[str, str]:
    auth = headers.get("Authorization", "")
    if auth.startswith("Basic "):
        client_id, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
        return client_id, secret
    return form.get("client_id", ""), form.get("client_secret", "")


def token(issuer: str, headers, form: dict) -> tuple[int, dict]:
    client_id, secret = _client_of(headers, form)
    if client_id != CLIENT_ID or secret != CLIENT_SECRET:
        return 401, {"error": "invalid_client"}
    with _lock:
        grant = _codes.pop(form.get("code", ""), None)
    if grant is None or grant["expires"] < time.time() or grant["redirect_uri"] != form.get("redirect_uri"):
        return 400, {"error": "invalid_grant"}
    verifier = form.get("code_verifier", "")
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    if challenge != grant["code_challenge"]:
        return 400, {"error": "invalid_grant", "error_description": "PKCE verification failed"}
    now = int(time.time())
    access_token = secrets.token_urlsafe(24)
    claims = {
        "iss": issuer,
        "sub": hashlib.sha256(grant["email"].encode()).hexdigest()[:20],
        "aud": client_id,
        "iat": now,
        "exp": now + 300,
        "nonce": grant["nonce"],
        "email": grant["email"],
        "email_verified": grant["email_verified"],
        "at_hash": _half_hash(access_token),
    }
    header = {"alg": "RS256", "kid": key().kid}
    id_token = jwt.encode(header, claims, key())
    return 200, {
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": 300,
        "id_token": id_token,
    }


def _half_hash(value: str) -> str:
    digest = hashlib.sha256(value.encode()).digest()
    return base64.urlsafe_b64encode(digest[: len(digest) // 2]).rstrip(b"=").decode()


def parse_form(raw: bytes) -> dict:
    return {k: v[0] for k, v in parse_qs(raw.decode(), keep_blank_values=True).items()}


def as_json(payload: dict) -> bytes:
    return json.dumps(payload).encode()
