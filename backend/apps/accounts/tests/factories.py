import factory
from channels.db import database_sync_to_async

from apps.accounts.models import AuthToken, User, Workspace

PASSWORD = "correct-horse-42"


class WorkspaceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Workspace

    name = factory.Sequence(lambda n: f"Workspace {n}")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"user{n}@example.org")
    full_name = factory.Faker("name")
    display_name = factory.Sequence(lambda n: f"User {n}")
    timezone = "UTC"
    workspace = factory.SubFactory(WorkspaceFactory)

    @factory.post_generation
    def password(obj, create, extracted, **kwargs):
        obj.set_password(extracted or PASSWORD)
        if create:
            obj.save(update_fields=["password"])


# Websocket tests through the real ASGI application (Origin check, token subprotocol, routing).
HEADERS = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]


@database_sync_to_async
def make_user(workspace=None):
    """A user (of `workspace`, or of a new one) and the key of a fresh token."""
    user = UserFactory(workspace=workspace) if workspace else UserFactory()
    token = AuthToken.objects.create(user=user)
    return user, token.key


async def connect(key: str | None):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application  # imported late: the ASGI app needs Django set up

    subprotocols = ["token", key] if key else []
    communicator = WebsocketCommunicator(
        application, "/ws/work/user_status/", headers=HEADERS, subprotocols=subprotocols
    )
    connected, subprotocol = await communicator.connect()
    return communicator, connected, subprotocol
