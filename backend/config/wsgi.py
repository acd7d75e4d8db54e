"""The production /api path: gunicorn gthread workers behind nginx (docker-compose.yml's `api`
service; websockets go to uvicorn, config/asgi.py). docs/architecture.md says why."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_wsgi_app = get_wsgi_application()

from apps.core.startup import freeze_startup_objects  # noqa: E402
from apps.core.wsgi import RequestBodyLimit  # noqa: E402

application = RequestBodyLimit(django_wsgi_app)

freeze_startup_objects()  # last: everything above lives as long as the worker
