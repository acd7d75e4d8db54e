"""X-Forwarded-For names the client only when a configured proxy sends it, in every way the
product runs: `make serve` and compose's `ws` (uvicorn, read from the very commands they run),
and the Django side's rule that gunicorn's WSGI workers rely on (apps/core/clients.py)."""

import json
import re
import shlex
import subprocess

import pytest
import uvicorn
import yaml
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.test import override_settings
from uvicorn.main import main as uvicorn_cli

from apps.core.clients import client_address

REPO = settings.REPO_DIR
LOOPBACK = ("127.0.0.1", 50123)


def make_serve_args() -> list[str]:
    """uvicorn's arguments as `make serve` passes them (make's dry run, no variables set)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}
    dry = subprocess.run(
        ["make", "-n", "-s", "serve", "REDIS_URL="],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (line,) = [line for line in dry.replace("\\\n", " ").splitlines() if "uvicorn config.asgi" in line]
    words = shlex.split(line)
    return words[words.index("config.asgi:application") + 1 :]


def compose_ws_args() -> list[str]:
    """uvicorn's arguments in compose's `ws` service, its variables as compose sets them."""
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    environment = compose["services"]["ws"]["environment"]

    def compose_value(value: str) -> str:  # ${NAME:-default} with nothing set in .env
        return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", str(value))

    env = {name: compose_value(value) for name, value in environment.items()}
    script = compose["services"]["ws"]["command"][-1].replace("$$", "$")
    script = re.sub(r"\$\{(\w+)(?::-([^}]*))?\}", lambda m: env.get(m.group(1)) or m.group(2) or "", script)
    words = shlex.split(script)
    return words[words.index("config.asgi:application") + 1 :]


def served_app(args: list[str]):
    """The application as uvicorn serves it with these command-line arguments."""
    from config.asgi import application

    params = uvicorn_cli.make_context("uvicorn", ["config.asgi:application", *args]).params
    config = uvicorn.Config(
        application,
        proxy_headers=params["proxy_headers"],
        forwarded_allow_ips=params["forwarded_allow_ips"],
        lifespan="off",
    )
    config.load()
    return config.loaded_app


async def post_sign_in(app, forwarded_for: str) -> int:
    body = json.dumps({"email": "nobody@example.com", "password": "wrong-password"}).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        # https: the application may have been built by an earlier test with the HTTPS redirect
        # on (the middleware reads it once); the throttle, not the redirect, is under test.
        "scheme": "https",
        "path": "/api/accounts/login/",
        "raw_path": b"/api/accounts/login/",
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"x-forwarded-for", forwarded_for.encode()),
        ],
        "client": LOOPBACK,
        "server": ("127.0.0.1", 8000),
    }
    communicator = ApplicationCommunicator(app, scope)
    await communicator.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await communicator.receive_output(timeout=10)
    while (await communicator.receive_output(timeout=10)).get("more_body"):
        pass
    await communicator.wait(timeout=10)
    return start["status"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("how", ["make serve", "compose ws"])
async def test_a_local_client_cannot_pick_its_address_with_x_forwarded_for(how, monkeypatch):
    """25 tries from 127.0.0.1, a new X-Forwarded-For each: the sign-in throttle (20/min) still
    counts them as one client."""
    from apps.accounts.throttles import SignInThrottle

    monkeypatch.setattr(SignInThrottle, "rate", "20/min", raising=False)  # whatever another test set
    args = make_serve_args() if how == "make serve" else compose_ws_args()
    app = served_app(args)
    statuses = [await post_sign_in(app, f"198.51.100.{n}") for n in range(25)]
    assert 429 in statuses, statuses


@pytest.mark.parametrize(
    ("meta", "client"),
    [
        ({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.1"}, "127.0.0.1"),
        ({"REMOTE_ADDR": "203.0.113.9", "HTTP_X_FORWARDED_FOR": "198.51.100.1"}, "203.0.113.9"),
        # From the proxy: the entry it appended, never the ones the client wrote before it.
        ({"REMOTE_ADDR": "172.18.0.5", "HTTP_X_FORWARDED_FOR": "198.51.100.1, 203.0.113.9"}, "203.0.113.9"),
        ({"REMOTE_ADDR": "172.18.0.5", "HTTP_X_FORWARDED_FOR": "203.0.113.9, 172.18.0.7"}, "203.0.113.9"),
        ({"REMOTE_ADDR": "172.18.0.5"}, "172.18.0.5"),
    ],
)
def test_the_django_side_believes_x_forwarded_for_only_from_a_configured_proxy(meta, client):
    with override_settings(FORWARDED_ALLOW_IPS=["172.16.0.0/12"]):
        assert client_address(meta) == client
