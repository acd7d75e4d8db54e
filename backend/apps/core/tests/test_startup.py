"""Server processes freeze what they built while starting (apps/core/startup.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[3]
PROBE = "import gc, config.{module}; print(gc.get_freeze_count())"
# The URL conf's views are loaded (and frozen) before the first request.
VIEWS_PROBE = "import sys, config.{module}; print('apps.workspace.views' in sys.modules)"


def printed_after_import(module: str, probe: str, **env: str) -> str:
    result = subprocess.run(  # noqa: S603 (our own interpreter and a fixed probe)
        [sys.executable, "-c", probe.format(module=module)],
        cwd=BACKEND,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "EMBEDDED_SCHEDULER": "false", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout.strip().splitlines()[-1]


def frozen_after_import(module: str, **env: str) -> int:
    return int(printed_after_import(module, PROBE, **env))


@pytest.mark.parametrize("module", ["wsgi", "asgi"])
def test_a_worker_freezes_its_startup_objects_once_the_application_is_loaded(module):
    assert frozen_after_import(module) > 20_000  # tens of thousands: modules, URL patterns, ...
    assert frozen_after_import(module, GC_FREEZE="false") == 0


@pytest.mark.parametrize("module", ["wsgi", "asgi"])
def test_the_url_patterns_and_their_views_are_loaded_before_the_freeze(module):
    assert printed_after_import(module, VIEWS_PROBE) == "True"
