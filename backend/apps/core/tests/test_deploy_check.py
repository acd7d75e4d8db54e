import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[3]


def _check_deploy(**overrides: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "HTTPS_"))}
    env.update({"DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(50), **overrides})
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BACKEND,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = _check_deploy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_plain_http_for_local_runs_is_an_explicit_choice():
    result = _check_deploy(HTTPS_ONLY="false")
    assert result.returncode != 0
    assert "security.W008" in result.stderr + result.stdout


@pytest.mark.django_db
def test_production_settings_redirect_plain_http_but_not_the_health_check(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/api/accounts/me/").status_code == 301
    assert client.get("/api/accounts/me/", secure=True).status_code == 401
    assert client.get("/api/health/").status_code == 200
