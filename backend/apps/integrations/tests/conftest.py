import pytest

from apps.integrations import fake_server


@pytest.fixture(scope="session")
def fake():
    """The local fake calendar and trackers (never the internet)."""
    server = fake_server.serve()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}"
    server.shutdown()


@pytest.fixture(autouse=True)
def _local_fakes_allowed(settings):
    # The fakes listen on 127.0.0.1, which the SSRF guard refuses unless this is on.
    settings.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = True
