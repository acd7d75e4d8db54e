import factory

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects.models import (
    AccessType,
    Project,
    ProjectColor,
    ProjectMembership,
    Section,
    Task,
    TaskList,
    TaskListMembership,
    UserTask,
)


class ProjectColorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProjectColor
        django_get_or_create = ("value",)

    value = "#2196F3"
    title = factory.SelfAttribute("value")


class ProjectFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Project

    workspace = factory.SubFactory(WorkspaceFactory)
    title = factory.Sequence(lambda n: f"Project {n}")
    color = factory.SubFactory(ProjectColorFactory)


class ProjectMembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProjectMembership

    project = factory.SubFactory(ProjectFactory)
    user = factory.SubFactory(UserFactory, workspace=factory.SelfAttribute("..project.workspace"))
    access_type_enum = AccessType.MEMBER


class TaskListFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TaskList

    parent_project = factory.SubFactory(ProjectFactory)
    title = factory.Sequence(lambda n: f"List {n}")


class TaskListMembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TaskListMembership

    task_list = factory.SubFactory(TaskListFactory)
    user = factory.SubFactory(UserFactory)


class SectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Section

    task_list = factory.SubFactory(TaskListFactory)
    title = factory.Sequence(lambda n: f"Section {n}")
    index = factory.LazyAttribute(
        lambda s: Section.objects.filter(task_list=s.task_list, removed_yn=s.removed_yn).count()
    )
    removed_yn = False


class TaskFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Task

    section = factory.SubFactory(SectionFactory)
    task_list = factory.SelfAttribute("section.task_list")
    title = factory.Sequence(lambda n: f"Task {n}")


class UserTaskFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = UserTask

    task = factory.SubFactory(TaskFactory)
    user = factory.SubFactory(UserFactory)
