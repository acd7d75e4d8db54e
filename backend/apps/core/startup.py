"""What a server process does once its application is loaded.

`freeze_startup_objects()`: the ~110,000 objects a worker builds while starting (modules, settings,
URL patterns, serializers) live as long as the process, yet every full collection of Python's
garbage collector walked them all: 100-150 ms with the GIL held, during which every request of
that worker waits (bench/README.md, "Garbage collection"). `gc.freeze()` moves them to a
permanent generation the collector no longer scans; a full collection then walks only what
requests made since (5-7 ms). The URL patterns, and every view, serializer and module they import,
are loaded first: Django loads them at the first request, after the freeze, which left ~65,000
objects for every full collection to walk (bench/README.md, "Issue 27, 29 November"). Whatever
garbage is among the frozen objects is collected first. Off with GC_FREEZE=false.
"""

import gc

from django.conf import settings
from django.urls import get_resolver


def freeze_startup_objects() -> None:
    if not settings.GC_FREEZE:
        return
    get_resolver().url_patterns  # noqa: B018 (loads the URL conf and the views it imports)
    gc.collect()
    gc.freeze()
