"""Demo accounts have a published password: they are created only when asked for."""

import pytest
from django.core.management import CommandError, call_command

from apps.accounts.models import User

pytestmark = pytest.mark.django_db


def test_seed_demo_refuses_without_demo_data_or_debug(settings):
    settings.DEMO_DATA = False
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEMO_DATA"):
        call_command("seed_demo")
    assert not User.objects.exists()


def test_seed_demo_runs_when_demo_data_is_on(settings):
    settings.DEMO_DATA = True
    call_command("seed_demo")
    assert User.objects.filter(email="ada@example.com").exists()


def test_seed_demo_runs_with_force(settings):
    settings.DEMO_DATA = False
    call_command("seed_demo", force=True)
    assert User.objects.filter(email="ada@example.com").exists()


def test_demo_data_is_off_by_default():
    from django.conf import settings

    assert settings.DEMO_DATA is False
