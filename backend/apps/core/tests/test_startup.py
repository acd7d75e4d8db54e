"""Server processes freeze what they built while starting (apps/core/startup.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[3]
PROBE = "import gc, config.{module}; print(gc.get_freeze_count())"


def frozen_after_import(module: str, **env: str) -> int:
    result = subprocess.run(  # noqa: S603 (our own interpreter and a fixed probe)
        [sys.executable, "-c", PROBE.format(module=module)],
        cwd=BACKEND,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "EMBEDDED_SCHEDULER": "false", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return int(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["wsgi", "asgi"])
def test_a_worker_freezes_its_startup_objects_once_the_application_is_loaded(module):
    assert frozen_after_import(module) > 20_000  # tens of thousands: modules, URL patterns, ...
    assert frozen_after_import(module, GC_FREEZE="false") == 0
