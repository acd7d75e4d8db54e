from django.urls import path

from apps.projects.views import memberships, projects, search, sections, task_lists, tasks

urlpatterns = [
    path("project/", projects.projects, name="projects"),
    path("project/<int:project_id>/", projects.project_detail, name="project-detail"),
    path("project/<int:project_id>/memberships/", projects.project_memberships, name="project-memberships"),
    path("project/<int:project_id>/task_lists/", task_lists.project_task_lists, name="project-task-lists"),
    path("project_memberships/", memberships.project_membership_create, name="project-membership-create"),
    path(
        "project_memberships/<int:membership_id>/",
        memberships.project_membership_detail,
        name="project-membership-detail",
    ),
    path(
        "task_list_memberships/", memberships.task_list_membership_create, name="task-list-membership-create"
    ),
    path(
        "task_list_memberships/<int:membership_id>/",
        memberships.task_list_membership_detail,
        name="task-list-membership-detail",
    ),
    path("task_list/memberships/", memberships.task_list_memberships_for_lists, name="task-list-memberships"),
    path("task_lists/", task_lists.task_lists, name="task-lists"),
    path("task_list/", task_lists.task_list_create, name="task-list-create"),
    path("task_list/<int:task_list_id>/", task_lists.task_list_detail, name="task-list-detail"),
    path("section/", sections.sections, name="sections"),
    path("section/move/", sections.section_move, name="section-move"),
    path("section/<int:section_id>/", sections.section_detail, name="section-detail"),
    path("section/<int:section_id>/remove/", sections.section_remove, name="section-remove"),
    path("section/<int:section_id>/restore/", sections.section_restore, name="section-restore"),
    path("section/<int:section_id>/archive_tasks/", sections.section_archive_tasks, name="section-archive"),
    path(
        "section/<int:section_id>/unarchive_tasks/",
        sections.section_unarchive_tasks,
        name="section-unarchive",
    ),
    path("section/<int:section_id>/merge/", sections.section_merge, name="section-merge"),
    path(
        "section/<int:section_id>/move_to_list/", sections.section_move_to_list, name="section-move-to-list"
    ),
    path("section/<int:section_id>/tasks/", sections.section_tasks, name="section-tasks"),
    path("task/", tasks.tasks, name="tasks"),
    path("task/<int:task_id>/", tasks.task_detail, name="task-detail"),
    path("task/<int:task_id>/archive/", tasks.task_archive, name="task-archive"),
    path("task/<int:task_id>/unarchive/", tasks.task_unarchive, name="task-unarchive"),
    path("user_task/", tasks.user_tasks, name="user-tasks"),
    path("user_task/<int:user_task_id>/", tasks.user_task_detail, name="user-task-detail"),
    path("tasks/groups/counts/", tasks.task_counts, name="task-counts"),
    path("tasks/<str:page_name>/", tasks.personal_page, name="personal-page"),
    path("search/", search.search, name="search"),
    path("workspace_users/", projects.workspace_users, name="workspace-users"),
]
