"""The channel layer a REDIS_URL deployment runs on: CHANNEL_LAYER chooses it (config/channel_layers.py)."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.channel_layers import BACKENDS, redis_channel_layers, redis_database

URL = "redis://127.0.0.1:6379/7"


def layer(**kwargs) -> dict:
    return redis_channel_layers(URL, **kwargs)["default"]


def test_pubsub_is_the_default():
    assert layer()["BACKEND"] == "apps.realtime.layers.PubSubChannelLayer"
    assert layer(layer="  ")["BACKEND"] == BACKENDS["pubsub"]


def test_core_is_chosen_by_name_in_any_case():
    chosen = layer(layer=" Core ")
    assert chosen["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert chosen["CONFIG"]["prefix"] == "asgi"
    assert chosen["CONFIG"]["capacity"] == 1000


def test_an_unknown_layer_is_refused():
    with pytest.raises(ImproperlyConfigured, match="CHANNEL_LAYER must be one of pubsub, core"):
        layer(layer="memory")


@pytest.mark.parametrize("name", ["pubsub", "core"])
def test_the_redis_host_has_no_socket_timeout_and_a_large_pool(name):
    # redis-py 8's 5 s default timeout crashes waiting consumers (DESIGN.md, known pitfalls).
    (host,) = layer(layer=name)["CONFIG"]["hosts"]
    assert host == {"address": URL, "socket_timeout": None, "max_connections": 10_000}


def test_pubsub_prefix_names_the_database_unless_given():
    # Pub/sub channels are global to a Redis server: databases 7 and 8 must not share names.
    assert layer()["CONFIG"]["prefix"] == "asgi-db7."
    assert redis_channel_layers("redis://127.0.0.1:6379/8")["default"]["CONFIG"]["prefix"] == "asgi-db8."
    assert layer(prefix="team-a.")["CONFIG"]["prefix"] == "team-a."
    assert layer(layer="core", prefix="team-a.")["CONFIG"]["prefix"] == "team-a."


@pytest.mark.parametrize(
    ("url", "number"),
    [("redis://h:6379/3", 3), ("redis://h:6379", 0), ("redis://h:6379/", 0), ("redis://h:6379?db=5", 5)],
)
def test_redis_database_number(url, number):
    assert redis_database(url) == number


def test_a_url_without_a_database_number_is_refused():
    with pytest.raises(ImproperlyConfigured, match="no valid database number"):
        redis_database("redis://h:6379/cache")
