"""The channel layer of a REDIS_URL deployment: CHANNEL_LAYER=pubsub (default) or core.

pubsub (channels-redis' RedisPubSubChannelLayer, extended in apps/realtime/layers.py) publishes
a group message once and every worker process subscribed to the group hands it to its own
sockets: a status change to a 1,000-member workspace is one PUBLISH, and joining a group the
process already listens to costs no Redis round trip. core (channels_redis.core.RedisChannelLayer)
stores one copy per socket in a Redis list that the socket's process pops: a message waits up to
60 s for a consumer that is briefly busy, but the work grows with the number of sockets
(bench/README.md, "bench/fanout").
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from django.core.exceptions import ImproperlyConfigured

BACKENDS = {
    "pubsub": "apps.realtime.layers.PubSubChannelLayer",
    "core": "channels_redis.core.RedisChannelLayer",
}
DEFAULT_LAYER = "pubsub"


def redis_database(redis_url: str) -> int:
    """The database number of a redis:// URL (path /N or ?db=N; 0 when absent)."""
    parsed = urlparse(redis_url)
    number = parsed.path.strip("/") or parse_qs(parsed.query).get("db", ["0"])[0]
    try:
        return int(number)
    except ValueError:
        raise ImproperlyConfigured(f"REDIS_URL has no valid database number: {number!r}") from None


def redis_channel_layers(redis_url: str, layer: str = "", prefix: str = "") -> dict:
    """CHANNEL_LAYERS for a Redis deployment; `layer` and `prefix` come from the environment."""
    layer = layer.strip().lower() or DEFAULT_LAYER
    if layer not in BACKENDS:
        raise ImproperlyConfigured(f"CHANNEL_LAYER must be one of {', '.join(BACKENDS)}, not {layer!r}")
    # redis-py 8 defaults to a 5 s socket timeout (consumers crash) and a pool capped at 100
    # connections: neither suits a layer that waits on Redis (DESIGN.md, known pitfalls).
    host = {"address": redis_url, "socket_timeout": None, "max_connections": 10_000}
    if layer == "core":
        config = {"hosts": [host], "prefix": prefix or "asgi", "capacity": 1000, "expiry": 60}
    else:
        # Pub/sub channel names are global to the Redis server, not kept per database like keys:
        # two deployments (or test runs) on different databases of one server would hear each
        # other's groups under one prefix. The default prefix names the database.
        config = {"hosts": [host], "prefix": prefix or f"asgi-db{redis_database(redis_url)}."}
    return {"default": {"BACKEND": BACKENDS[layer], "CONFIG": config}}
