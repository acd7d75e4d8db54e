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
    # The task's place in its section (1 first). Ordered, not always contiguous (a deleted task
    # leaves a gap); a new task or one moved into the section goes last; the checkout's create
    # inserts at a chosen place and shifts the rest (services/tasks.py, under the section's lock).
    # 0 only before the first save: then the task goes last (factories, scripts).
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["section", "archived_yn", "position", "id"]),
            models.Index(fields=["task_list", "archived_yn"]),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs) -> None:
        if self._state.adding and not self.position:
            rows = Task.objects.filter(section_id=self.section_id)
            self.position = (rows.aggregate(last=models.Max("position"))["last"] or 0) + 1
        super().save(*args, **kwargs)


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


class ActivityType(models.TextChoices):
    NOTE = "note", "Note"
    AUTO = "auto", "Auto activity"


class Activity(TimeStampedModel):
    """What someone wrote on a task (spec 02 §3); rules in docs/activities.md.

    `text_json` is always stored as a list of sections. State: draft (not submitted), submitted,
    confirmed; `deleted_yn` hides it from everyone."""

    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="activities")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="activities")
    activity_type = models.CharField(max_length=10, choices=ActivityType.choices, default=ActivityType.NOTE)
    created_datetime = models.DateTimeField()
    submitted_datetime = models.DateTimeField(null=True, blank=True)
    text_json = models.JSONField(default=list)
    submitted_yn = models.BooleanField(default=False)
    confirmed_yn = models.BooleanField(default=False)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deleted_yn = models.BooleanField(default=False)
    created_automatically_yn = models.BooleanField(default=False)
    work_date = models.DateField(null=True, blank=True)  # the auto activity's work day

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["task", "user", "work_date"],
                condition=models.Q(created_automatically_yn=True),
                name="one_auto_activity_per_task_user_day",
            )
        ]
        indexes = [
            models.Index(fields=["task", "deleted_yn", "submitted_yn"]),
            models.Index(fields=["user", "task", "submitted_yn"]),
        ]

    def __str__(self) -> str:
        return f"activity {self.pk} on task {self.task_id}"


class ActivityReadLog(models.Model):
    """`user` has read `activity`: the row's absence is what makes an activity unread."""

    activity = models.ForeignKey(Activity, on_delete=models.CASCADE, related_name="read_logs")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    read_datetime = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "activity"], name="unique_activity_read_log")]

    def __str__(self) -> str:
        return f"{self.user_id} read {self.activity_id}"


class TaskTime(TimeStampedModel):
    """A user's time on a task in one work day (spec 01 §3).

    `seconds_worked` is the closed time: tracked intervals that ended plus time added or removed
    by hand; `seconds_tracked` is the tracked part of it (so hand time = worked - tracked). A
    running interval is not in either until it closes: reads add it live. `recording_yn` and
    `record_start_datetime` mirror the running interval of this task, if any."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="task_times")
    work_day = models.ForeignKey("work.WorkDay", on_delete=models.CASCADE, related_name="+")
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="+")
    seconds_worked = models.PositiveIntegerField(default=0)
    seconds_tracked = models.PositiveIntegerField(default=0)
    record_start_datetime = models.DateTimeField(null=True, blank=True)
    recording_yn = models.BooleanField(default=False)
    changed_yn = models.BooleanField(default=False)
    changed_datetime = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["work_day", "task"], name="unique_task_time_per_day")]
        indexes = [
            models.Index(fields=["user", "work_day"]),
            models.Index(fields=["work_day", "project"]),
        ]


class TrackerStatus(models.TextChoices):
    TRACKING = "tracking", "Tracking"
    PAUSED = "paused", "Paused"
    STOPPED = "stopped", "Stopped"


class TaskTracker(TimeStampedModel):
    """The one tracker state of a user, shared by all their devices (not local storage).

    `task` is the task being tracked or paused; `last_task` the last one tracked (what resume
    restores); `paused_by_break` says a break paused it, so working again resumes it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=TrackerStatus.choices, default=TrackerStatus.STOPPED)
    task = models.ForeignKey(Task, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    last_task = models.ForeignKey(Task, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    paused_by_break = models.BooleanField(default=False)


class TrackedInterval(TimeStampedModel):
    """A stretch the tracker ran on a task: active time once closed, processing while open."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="+")
    work_day = models.ForeignKey("work.WorkDay", on_delete=models.CASCADE, related_name="+")
    start_datetime = models.DateTimeField()
    end_datetime = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["start_datetime"]
        indexes = [
            models.Index(fields=["user", "start_datetime"]),
            models.Index(fields=["user", "end_datetime"], name="tracked_interval_by_user_end"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(end_datetime__isnull=True), name="one_running_interval"
            )
        ]
