import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from apps.accounts.websocket import TokenSubprotocolAuthMiddleware  # noqa: E402
from apps.core.asgi import Admission, RequestBodyLimit  # noqa: E402
from apps.core.asgi_gzip import GzipResponses  # noqa: E402
from apps.core.asgi_static import SpaAssets  # noqa: E402
from apps.core.memtrace import start_from_environment  # noqa: E402
from apps.realtime.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # The SPA's hashed files skip Django (and the request limits, which guard the database);
        # Django's answers are gzipped here when the browser accepts it (nginx does it in a deployment).
        "http": SpaAssets(GzipResponses(Admission(RequestBodyLimit(django_asgi_app)))),
        "websocket": AllowedHostsOriginValidator(
            TokenSubprotocolAuthMiddleware(URLRouter(websocket_urlpatterns))
        ),
    }
)

start_from_environment()  # MEMORY_TRACE_EVERY: a diagnosis run only (apps/core/memtrace.py)

from django.conf import settings  # noqa: E402

if settings.EMBEDDED_SCHEDULER and settings.CELERY_TASK_ALWAYS_EAGER:
    # `make serve` without a broker: the periodic jobs run in a thread of this one process.
    from config.celery import run_embedded_beat  # noqa: E402

    run_embedded_beat()
elif settings.EMBEDDED_JOBS:
    # The e2e run's server has a broker but no worker: the named jobs run in a thread here.
    from config.celery import run_embedded_beat  # noqa: E402

    run_embedded_beat(only=settings.EMBEDDED_JOBS)

from apps.core.startup import freeze_startup_objects  # noqa: E402

freeze_startup_objects()  # last: everything above lives as long as the worker
