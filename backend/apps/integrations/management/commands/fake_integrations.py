"""Serve the local fake calendar and trackers (apps/integrations/fake_server.py) until stopped.

    manage.py fake_integrations --port 8090
    then, for a user: calendar  http://127.0.0.1:8090/calendar/daily.ics
                      tracker   {"provider": "toggl", "api_token": "toggl-demo-token",
                                 "base_url": "http://127.0.0.1:8090/toggl"}
The server must run with INTEGRATIONS_ALLOW_PRIVATE_HOSTS=true to reach it (127.0.0.1)."""

import time

from django.core.management.base import BaseCommand

from apps.integrations import fake_server


class Command(BaseCommand):
    help = "Serve a fake iCalendar feed, Toggl Track and Clockify on 127.0.0.1 (offline demo and e2e)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8090)

    def handle(self, *args, host: str, port: int, **options):
        server = fake_server.serve(host, port)
        base = f"http://{host}:{server.server_address[1]}"
        self.stdout.write(
            f"Fake integrations on {base}: {base}/calendar/daily.ics, {base}/toggl, {base}/clockify,"
            f" OpenID Connect issuer {base}/oidc"
        )
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            server.shutdown()
