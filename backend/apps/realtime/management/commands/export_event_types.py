from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.realtime.events import registry
from apps.realtime.typescript import render

DEFAULT_PATH = Path(settings.REPO_DIR) / "frontend" / "src" / "api" / "events.gen.ts"


class Command(BaseCommand):
    help = "Write the SPA's live-event types (events.gen.ts) from the backend's event declarations."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(DEFAULT_PATH), help=f"default: {DEFAULT_PATH}")

    def handle(self, *args, file: str, **options):
        Path(file).write_text(render(registry()))
        self.stdout.write(f"wrote {len(registry())} live events to {file}")
