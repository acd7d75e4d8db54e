"""Single sign-on with OpenID Connect against the local provider (apps/integrations/fake_oidc.py,
served over HTTP on a free port: the product's client talks to it as to any provider)."""

import http.client
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from apps.accounts.models import AuthToken, User, WorkspaceSso
from apps.accounts.tests.factories import PASSWORD, UserFactory, WorkspaceFactory
from apps.core.secrets import MASK
from apps.integrations import fake_oidc, fake_server

pytestmark = pytest.mark.django_db

SETTINGS = "/api/workspace/sso/"
EXCHANGE = "/api/accounts/sso/exchange/"


@pytest.fixture(scope="module")
def provider():
    """The local identity provider (a thread on a free port); its issuer URL."""
    server = fake_server.serve()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}{fake_oidc.PATH}"
    server.shutdown()


@pytest.fixture(autouse=True)
def _local_provider_allowed(settings):
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = True


@pytest.fixture
def workspace(provider):
    workspace = WorkspaceFactory(name="Acme Corp")
    WorkspaceSso.objects.create(
        workspace=workspace,
        slug="acme",
        provider_name="Acme ID",
        issuer=provider,
        client_id=fake_oidc.CLIENT_ID,
        secret_json={"client_secret": fake_oidc.CLIENT_SECRET},
    )
    return workspace


def _post_form(url: str, fields: dict) -> str:
    """POST the provider's sign-in form (as the browser would); the Location it answers."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request(
        "POST", parts.path, urlencode(fields), {"Content-Type": "application/x-www-form-urlencoded"}
    )
    answer = connection.getresponse()
    location = answer.getheader("Location")
    connection.close()
    assert answer.status == 302, answer.status
    return location


def sign_in_with_provider(api_client, *, slug="acme", email, verified=True, change=None) -> str:
    """The browser's round trip: start, the provider's form, the callback. The callback's Location."""
    start = api_client.get(f"/api/accounts/sso/{slug}/start/")
    assert start.status_code == 302, start.content
    authorize = urlsplit(start["Location"])
    query = {k: v[0] for k, v in parse_qs(authorize.query).items()}
    assert query["code_challenge_method"] == "S256" and query["nonce"] and query["state"]
    fields = {name: query.get(name, "") for name in fake_oidc.AUTHORIZE_FIELDS}
    fields["email"] = email
    if verified:
        fields["email_verified"] = "true"
    fields.update(change or {})
    back = urlsplit(_post_form(f"{authorize.scheme}://{authorize.netloc}{authorize.path}", fields))
    assert back.path == "/api/accounts/sso/callback/"
    answer = api_client.get(f"{back.path}?{back.query}")
    assert answer.status_code == 302
    return answer["Location"]


def code_of(location: str) -> str:
    parts = urlsplit(location)
    assert parts.path == "/sso/callback", location
    return parse_qs(parts.fragment)["code"][0]


def refusal_of(location: str) -> dict:
    parts = urlsplit(location)
    assert parts.path == "/" and "#" not in location, location
    return {k: v[0] for k, v in parse_qs(parts.query).items()}


def test_a_member_signs_in_with_the_provider_and_gets_the_password_sign_ins_answer(api_client, workspace):
    member = UserFactory(workspace=workspace, email="ann@acme.test")
    code = code_of(sign_in_with_provider(api_client, email="Ann@acme.test"))

    answer = api_client.post(EXCHANGE, {"code": code}, format="json", HTTP_USER_AGENT="Firefox/128.0")

    assert answer.status_code == 200, answer.content
    assert answer.data["user"]["email"] == "ann@acme.test"
    token = AuthToken.objects.get(user=member)
    assert token.user_agent == "Firefox/128.0"
    signed_in = api_client.get("/api/accounts/me/", HTTP_AUTHORIZATION=f"Token {answer.data['token']}")
    assert signed_in.status_code == 200 and signed_in.data["id"] == member.pk


def test_the_sign_in_link_names_the_provider_and_an_unknown_one_is_a_404(api_client, workspace):
    answer = api_client.get("/api/accounts/sso/acme/")
    assert answer.status_code == 200
    assert answer.data == {
        "slug": "acme",
        "workspace_name": "Acme Corp",
        "provider_name": "Acme ID",
        "password_sign_in_yn": True,
    }
    assert api_client.get("/api/accounts/sso/nobody/").status_code == 404
    assert api_client.get("/api/accounts/sso/nobody/start/").status_code == 404
    WorkspaceSso.objects.filter(slug="acme").update(enabled_yn=False)
    assert api_client.get("/api/accounts/sso/acme/").status_code == 404


def test_an_unknown_email_is_refused_and_no_account_is_made(api_client, workspace):
    users = User.objects.count()
    refusal = refusal_of(sign_in_with_provider(api_client, email="stranger@acme.test"))
    assert refusal == {"workspace": "acme", "sso_error": "unknown_account"}
    assert User.objects.count() == users and not AuthToken.objects.exists()


def test_an_email_the_provider_did_not_verify_is_refused(api_client, workspace):
    UserFactory(workspace=workspace, email="ann@acme.test")
    refusal = refusal_of(sign_in_with_provider(api_client, email="ann@acme.test", verified=False))
    assert refusal["sso_error"] == "email_not_verified"
    assert not AuthToken.objects.exists()


def test_a_member_of_another_workspace_with_that_email_is_never_matched(api_client, workspace):
    UserFactory(workspace=WorkspaceFactory(), email="bob@acme.test")
    refusal = refusal_of(sign_in_with_provider(api_client, email="bob@acme.test"))
    assert refusal["sso_error"] == "unknown_account"
    assert not AuthToken.objects.exists()


def test_a_deactivated_member_is_refused(api_client, workspace):
    UserFactory(workspace=workspace, email="ann@acme.test", is_active=False)
    assert (
        refusal_of(sign_in_with_provider(api_client, email="ann@acme.test"))["sso_error"]
        == "account_inactive"
    )


def test_an_id_token_with_another_nonce_is_refused(api_client, workspace):
    UserFactory(workspace=workspace, email="ann@acme.test")
    location = sign_in_with_provider(api_client, email="ann@acme.test", change={"nonce": "not-the-nonce"})
    assert refusal_of(location)["sso_error"] == "failed"
    assert not AuthToken.objects.exists()


def test_a_forged_or_replayed_state_is_refused(api_client, workspace):
    UserFactory(workspace=workspace, email="ann@acme.test")
    forged = api_client.get("/api/accounts/sso/callback/?state=forged&code=whatever")
    assert forged.status_code == 302
    assert refusal_of(forged["Location"]) == {"sso_error": "failed"}

    # The provider's answer replayed: its state was used up by the first callback.
    start = api_client.get("/api/accounts/sso/acme/start/")
    query = {k: v[0] for k, v in parse_qs(urlsplit(start["Location"]).query).items()}
    fields = {name: query.get(name, "") for name in fake_oidc.AUTHORIZE_FIELDS}
    fields |= {"email": "ann@acme.test", "email_verified": "true"}
    back = urlsplit(_post_form(f"{workspace.sso.issuer}/authorize", fields))
    first = api_client.get(f"{back.path}?{back.query}")
    second = api_client.get(f"{back.path}?{back.query}")
    assert urlsplit(first["Location"]).path == "/sso/callback"
    assert refusal_of(second["Location"])["sso_error"] == "failed"


def test_the_providers_refusal_lands_on_the_sign_in_page(api_client, workspace):
    start = api_client.get("/api/accounts/sso/acme/start/")
    state = parse_qs(urlsplit(start["Location"]).query)["state"][0]
    answer = api_client.get(f"/api/accounts/sso/callback/?state={state}&error=access_denied")
    assert refusal_of(answer["Location"]) == {"workspace": "acme", "sso_error": "provider_refused"}


def test_an_unreachable_provider_sends_the_browser_back_with_a_reason(api_client, workspace):
    WorkspaceSso.objects.filter(slug="acme").update(issuer="http://127.0.0.1:9/oidc")
    answer = api_client.get("/api/accounts/sso/acme/start/")
    assert answer.status_code == 302
    assert refusal_of(answer["Location"]) == {"workspace": "acme", "sso_error": "failed"}


def test_the_one_time_code_works_once(api_client, workspace):
    UserFactory(workspace=workspace, email="ann@acme.test")
    code = code_of(sign_in_with_provider(api_client, email="ann@acme.test"))
    assert api_client.post(EXCHANGE, {"code": code}, format="json").status_code == 200
    again = api_client.post(EXCHANGE, {"code": code}, format="json")
    assert again.status_code == 400
    assert again.data["code"] == ["This sign-in has expired or was already used. Sign in again."]
    assert AuthToken.objects.count() == 1


def test_the_one_time_code_expires_after_a_minute(api_client, workspace, clock):
    UserFactory(workspace=workspace, email="ann@acme.test")
    code = code_of(sign_in_with_provider(api_client, email="ann@acme.test"))
    clock.advance(seconds=59)
    assert api_client.post(EXCHANGE, {"code": code}, format="json").status_code == 200
    late = code_of(sign_in_with_provider(api_client, email="ann@acme.test"))
    clock.advance(seconds=61)
    answer = api_client.post(EXCHANGE, {"code": late}, format="json")
    assert answer.status_code == 400 and AuthToken.objects.count() == 1


def test_an_unknown_code_is_a_400_that_changes_nothing(api_client, workspace):
    assert api_client.post(EXCHANGE, {"code": "nope"}, format="json").status_code == 400
    assert api_client.post(EXCHANGE, {}, format="json").status_code == 400
    assert not AuthToken.objects.exists()


def test_password_sign_in_off_refuses_members_clearly_and_keeps_admins_password(api_client, workspace):
    member = UserFactory(workspace=workspace, email="ann@acme.test")
    admin = UserFactory(workspace=workspace, email="boss@acme.test", workspace_role="ADMIN")
    WorkspaceSso.objects.filter(slug="acme").update(password_sign_in_yn=False)

    refused = api_client.post("/api/accounts/token/", {"email": member.email, "password": PASSWORD})
    assert refused.status_code == 400
    assert refused.data["non_field_errors"] == [
        "Your workspace signs in with Acme ID: use 'Continue with Acme ID'."
    ]
    # A wrong password says nothing about the workspace.
    wrong = api_client.post("/api/accounts/token/", {"email": member.email, "password": "wrong-password-1"})
    assert wrong.data["non_field_errors"] == ["Username and password does not match!"]
    assert (
        api_client.post("/api/accounts/token/", {"email": admin.email, "password": PASSWORD}).status_code
        == 200
    )
    # The provider still signs the member in.
    code = code_of(sign_in_with_provider(api_client, email=member.email))
    assert api_client.post(EXCHANGE, {"code": code}, format="json").status_code == 200
    # Disabled single sign-on gives the members their password back.
    WorkspaceSso.objects.filter(slug="acme").update(enabled_yn=False)
    assert (
        api_client.post("/api/accounts/token/", {"email": member.email, "password": PASSWORD}).status_code
        == 200
    )


# --- Admin settings --------------------------------------------------------------------------


def _form(provider, **change):
    return {
        "provider_name": "Acme ID",
        "issuer": provider,
        "client_id": fake_oidc.CLIENT_ID,
        "client_secret": fake_oidc.CLIENT_SECRET,
        "enabled_yn": True,
        "password_sign_in_yn": True,
    } | change


def test_an_admin_configures_the_provider_and_reads_the_secret_masked(client_for, provider):
    admin = UserFactory(workspace_role="ADMIN", workspace=WorkspaceFactory(name="Globex"))
    api = client_for(admin)
    empty = api.get(SETTINGS)
    assert empty.status_code == 200 and empty.data["configured"] is False
    assert empty.data["redirect_uri"] == "http://testserver/api/accounts/sso/callback/"

    saved = api.put(SETTINGS, _form(provider), format="json")
    assert saved.status_code == 200, saved.content
    assert saved.data["client_secret"] == MASK + fake_oidc.CLIENT_SECRET[-4:]
    assert fake_oidc.CLIENT_SECRET not in str(saved.data)
    assert saved.data["slug"] == "globex"
    assert saved.data["sign_in_url"] == "http://testserver/?workspace=globex"

    # The form sends back what it shows: the masked secret keeps the stored one.
    again = api.put(
        SETTINGS,
        _form(provider, client_secret=saved.data["client_secret"], password_sign_in_yn=False),
        format="json",
    )
    assert again.status_code == 200
    stored = WorkspaceSso.objects.get(workspace=admin.workspace)
    assert stored.client_secret == fake_oidc.CLIENT_SECRET and stored.password_sign_in_yn is False
    # A masked value that is not the stored one's is refused and changes nothing.
    bad = api.put(
        SETTINGS, _form(provider, client_secret=MASK + "zzzz", provider_name="Other"), format="json"
    )
    assert bad.status_code == 400 and "client_secret" in bad.data
    assert WorkspaceSso.objects.get(workspace=admin.workspace).provider_name == "Acme ID"

    assert api.delete(SETTINGS).status_code == 204
    assert not WorkspaceSso.objects.filter(workspace=admin.workspace).exists()


def test_a_workspace_named_like_a_public_call_gets_a_slug_of_its_own(client_for, provider):
    api = client_for(UserFactory(workspace_role="ADMIN", workspace=WorkspaceFactory(name="Callback")))
    saved = api.put(SETTINGS, _form(provider), format="json")
    assert saved.data["slug"] == "callback-workspace"
    assert api.get("/api/accounts/sso/callback-workspace/").data["provider_name"] == "Acme ID"


def test_settings_refuse_bad_input_and_change_nothing(client_for, provider, settings):
    admin = UserFactory(workspace_role="ADMIN")
    api = client_for(admin)
    assert api.put(SETTINGS, _form(provider, client_secret=MASK + "4242"), format="json").status_code == 400
    assert api.put(SETTINGS, _form(provider, issuer="not a url"), format="json").status_code == 400
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = False
    plain = api.put(SETTINGS, _form("http://idp.example.com"), format="json")
    assert plain.status_code == 400 and plain.data["issuer"] == ["The issuer must be an https address."]
    assert not WorkspaceSso.objects.exists()


def test_test_connection_reads_the_discovery_document(client_for, provider):
    api = client_for(UserFactory(workspace_role="ADMIN"))
    ok = api.post("/api/workspace/sso/test/", {"issuer": provider}, format="json")
    assert ok.status_code == 200 and ok.data["authorization_endpoint"] == f"{provider}/authorize"
    down = api.post("/api/workspace/sso/test/", {"issuer": "http://127.0.0.1:9/oidc"}, format="json")
    assert down.status_code == 400
    assert down.data["issuer"] == ["The provider's discovery document could not be read at this issuer."]


def test_members_may_not_read_or_change_the_settings(client_for, workspace):
    api = client_for(UserFactory(workspace=workspace))
    assert api.get(SETTINGS).status_code == 403
    assert api.put(SETTINGS, {}, format="json").status_code == 403
    assert api.delete(SETTINGS).status_code == 403
    assert api.post("/api/workspace/sso/test/", {}, format="json").status_code == 403
    assert WorkspaceSso.objects.filter(slug="acme").exists()


def test_an_admin_reads_only_their_own_workspaces_provider(client_for, workspace):
    other_admin = UserFactory(workspace_role="ADMIN")
    answer = client_for(other_admin).get(SETTINGS)
    assert answer.data["configured"] is False and "acme" not in str(answer.data)
