from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from apps.core.models import TimeStampedModel

PERSONAL_PROJECT_TITLE = "Personal Tasks"
PERSONAL_PROJECT_COLOR = "#0000007F"
DEFAULT_TASK_LIST_TITLE = "Task list 1"
DEFAULT_AUTO_ACTIVITY = "Daily Report"


class AccessType(models.TextChoices):
    OWNER = "owner", "Project Owner"
    MEMBER = "member", "Project Member"


class ParentType(models.TextChoices):
    PROJECT = "project", "Project"


class Priority(models.IntegerChoices):
    NONE = 0, "None"
    LOW = 1, "Low"
    MEDIUM = 2, "Medium"
    HIGH = 3, "High"


class TaskRole(models.TextChoices):
    OWNER = "owner", "Owner"
    CONTRIBUTOR = "contributor", "Contributor"


class ProjectColor(TimeStampedModel):
    """A palette entry; `title` repeats the hex value as the spec shows.

    `workspace` null: the built-in palette every workspace shares; else a custom colour that
    only its workspace sees and uses."""

    value = models.CharField(max_length=9)
    title = models.CharField(max_length=40)
    workspace = models.ForeignKey(
        "accounts.Workspace", on_delete=models.CASCADE, null=True, blank=True, related_name="colors"
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                Lower("value"), condition=models.Q(workspace__isnull=True), name="unique_builtin_color"
            ),
            models.UniqueConstraint(
                Lower("value"),
                "workspace",
                condition=models.Q(workspace__isnull=False),
                name="unique_color_per_workspace",
            ),
        ]

    def __str__(self) -> str:
        return self.value


class Project(TimeStampedModel):
    workspace = models.ForeignKey("accounts.Workspace", on_delete=models.CASCADE, related_name="projects")
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True, default="")
    color = models.ForeignKey(ProjectColor, on_delete=models.PROTECT, related_name="projects")
    created_date = models.DateTimeField(auto_now_add=True)
    archived_yn = models.BooleanField(default=False)
    show_get_started_message_yn = models.BooleanField(default=True)
    auto_activity = models.CharField(max_length=120, default=DEFAULT_AUTO_ACTIVITY)
    # Set only on a user's own 'Personal Tasks' project (one per user, created lazily).
    personal_user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="personal_project",
    )

    class Meta:
        # Titles are unique among the projects a caller sees, not per workspace (that would
        # tell a member about projects they cannot see): checked in services.projects.
        indexes = [models.Index(fields=["workspace", "archived_yn", "title"])]

    def __str__(self) -> str:
        return self.title


class ProjectMembership(TimeStampedModel):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="project_memberships"
    )
    access_type_enum = models.CharField(max_length=10, choices=AccessType.choices, default=AccessType.MEMBER)
    project_role = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["project", "user"], name="unique_project_membership")]
        indexes = [models.Index(fields=["user", "project"])]


class TaskList(TimeStampedModel):
    parent_project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="task_lists")
    parent_type_enum = models.CharField(max_length=10, choices=ParentType.choices, default=ParentType.PROJECT)
    parent_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    title = models.CharField(max_length=120)
    archived_yn = models.BooleanField(default=False)
    removed_yn = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("title"), "parent_project", name="unique_task_list_title_per_project"
            )
        ]
        indexes = [models.Index(fields=["parent_project", "archived_yn"])]

    def __str__(self) -> str:
        return self.title


class TaskListMembership(TimeStampedModel):
    task_list = models.ForeignKey(TaskList, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="task_list_memberships"
    )
    access_type_enum = models.CharField(max_length=10, choices=AccessType.choices, default=AccessType.MEMBER)
    show_list_in_sidebar_yn = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["task_list", "user"], name="unique_task_list_membership")
        ]
        indexes = [models.Index(fields=["user", "task_list"])]


class Section(TimeStampedModel):
    """`index` orders the sections of a list within one table: active or removed.

    Within (task_list, removed_yn) the indexes are always 0..n-1; services keep that under
    concurrent moves by locking the list's row first.
    """

    task_list = models.ForeignKey(TaskList, on_delete=models.CASCADE, related_name="sections")
    title = models.CharField(max_length=120)
    index = models.PositiveIntegerField(default=0)
    removed_yn = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        indexes = [models.Index(fields=["task_list", "removed_yn", "index"])]

    def __str__(self) -> str:
        return self.title


class Task(TimeStampedModel):
    task_list = models.ForeignKey(TaskList, on_delete=models.CASCADE, related_name="tasks")
    section = models.ForeignKey(Section, on_delete=models.PROTECT, related_name="tasks")
    title = models.CharField(max_length=255)
    description = models.TextField(blank=True, default="")
    url = models.URLField(max_length=500, null=True, blank=True, default=None)  # null: no link
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="owned_tasks"
    )
    priority = models.PositiveSmallIntegerField(choices=Priority.choices, default=Priority.NONE)
    archived_yn = models.BooleanField(default=False)
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["section", "archived_yn", "id"]),
            models.Index(fields=["task_list", "archived_yn"]),
        ]

    def __str__(self) -> str:
        return self.title


class UserTask(TimeStampedModel):
    """The join of a task to a user: the user's personal flags and role on it."""

    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="user_tasks")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="user_tasks")
    today_yn = models.BooleanField(default=False)
    starred_yn = models.BooleanField(default=False)
    next_shift_yn = models.BooleanField(default=False)
    priority = models.PositiveSmallIntegerField(choices=Priority.choices, default=Priority.NONE)
    role_enum = models.CharField(max_length=15, choices=TaskRole.choices, default=TaskRole.CONTRIBUTOR)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["task", "user"], name="unique_user_task")]
        indexes = [
            models.Index(fields=["user", "today_yn"]),
            models.Index(fields=["user", "next_shift_yn"]),
            models.Index(fields=["user", "starred_yn"]),
        ]


class WorkDayTask(TimeStampedModel):
    """A task a user put on a work day (Today set while the day exists)."""

    work_day = models.ForeignKey("work.WorkDay", on_delete=models.CASCADE, related_name="+")
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="work_day_links")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["work_day", "task"], name="unique_work_day_task")]
