import importlib
import json

import pytest
from django.test import RequestFactory
from django.urls import clear_url_caches

from apps.core.views import bench_bare

pytestmark = pytest.mark.django_db


def test_bench_bare_view_is_not_routed_by_default(client):
    assert client.get("/api/bench/bare/").status_code == 404


def test_bench_bare_view_is_routed_when_bench_views_is_on(client, settings, user):
    import config.urls

    settings.BENCH_VIEWS = True
    try:
        importlib.reload(config.urls)
        clear_url_caches()
        response = client.get(f"/api/bench/bare/?id={user.pk}")
    finally:
        settings.BENCH_VIEWS = False
        importlib.reload(config.urls)
        clear_url_caches()
    assert response.status_code == 200
    assert response.json() == {"id": user.pk}
    assert client.get("/api/bench/bare/").status_code == 404


def test_bench_bare_answers_only_the_id_or_null(user):
    factory = RequestFactory()
    assert json.loads(bench_bare(factory.get("/", {"id": user.pk})).content) == {"id": user.pk}
    assert json.loads(bench_bare(factory.get("/", {"id": user.pk + 1000})).content) == {"id": None}
    assert json.loads(bench_bare(factory.get("/", {"id": "x"})).content) == {"id": None}


def test_bench_bare_pads_its_answer_when_asked(user):
    factory = RequestFactory()
    padded = json.loads(bench_bare(factory.get("/", {"id": user.pk, "pad": 5})).content)
    assert padded == {"id": user.pk, "pad": "....."}
    assert json.loads(bench_bare(factory.get("/", {"id": user.pk, "pad": -3})).content) == {"id": user.pk}
    assert len(json.loads(bench_bare(factory.get("/", {"pad": 10**9})).content)["pad"]) == 1_000_000
