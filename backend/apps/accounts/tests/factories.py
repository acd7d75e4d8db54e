import factory

from apps.accounts.models import User, Workspace

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
