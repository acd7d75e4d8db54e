"""Demo projects for seed_demo: safe to run any number of times (everything is get_or_create).

Ada owns most projects; Ben is a member of some and owns one; Cy is deliberately NOT a member
of 'Mobile App' (the end-to-end test opens it as Cy and expects /unauthorized).
"""

from __future__ import annotations

from apps.projects.models import (
    AccessType,
    Priority,
    Project,
    ProjectColor,
    ProjectMembership,
    Section,
    Task,
    TaskList,
    TaskListMembership,
    TaskRole,
    UserTask,
)
from apps.projects.services.projects import project_personal_ensure

ADA, BEN, CY = "ada@example.com", "ben@example.com", "cy@example.com"

# title, colour, owners, members, {list: {section: [task titles]}}
PROJECTS = [
    (
        "Website Relaunch",
        "#2196F3",
        [ADA],
        [BEN, CY],
        {
            "Design": {
                "To do": ["Pick the typeface", "Draw the pricing page"],
                "Doing": ["Home page hero"],
                "Done": ["Mood board"],
            },
            "Build": {
                "Backlog": ["Set up the CMS", "Redirect old URLs", "Cookie banner"],
                "In progress": ["Blog templates"],
            },
        },
    ),
    (
        "Mobile App",
        "#4CAF50",
        [ADA],
        [BEN],
        {"Sprint 12": {"To do": ["Offline mode", "Push notifications"], "Doing": ["Sign-in with passkeys"]}},
    ),
    ("Hiring", "#FF9800", [ADA], [], {"Pipeline": {"Open roles": ["Senior backend developer"]}}),
    (
        "Customer Support",
        "#9C27B0",
        [BEN],
        [ADA, CY],
        {
            "Tickets": {
                "New": ["Refund for order 1042", "Login loop on Safari"],
                "Waiting": ["Invoice address"],
            }
        },
    ),
]

# email: [(task title, today, starred, next shift)]
FLAGS = {
    BEN: [
        ("Set up the CMS", True, False, False),
        ("Sign-in with passkeys", True, True, False),
        ("Refund for order 1042", False, True, True),
        ("Offline mode", False, False, True),
    ],
    # Cy plans the next workday too (the checkout's next_workday_plan check passes on Cy's days).
    CY: [("Draw the pricing page", False, False, True)],
    ADA: [
        ("Home page hero", True, True, False),
        ("Senior backend developer", False, True, True),
        ("Login loop on Safari", True, False, False),
    ],
}


def seed_projects(*, workspace, users: dict) -> list[Project]:
    projects = []
    for title, color_value, owners, members, lists in PROJECTS:
        color, _ = ProjectColor.objects.get_or_create(value=color_value, defaults={"title": color_value})
        project, _ = Project.objects.get_or_create(
            workspace=workspace,
            title=title,
            personal_user=None,
            defaults={"color": color, "description": f"Demo project: {title}."},
        )
        projects.append(project)
        roles = [(email, AccessType.OWNER) for email in owners] + [
            (email, AccessType.MEMBER) for email in members
        ]
        for email, access in roles:
            ProjectMembership.objects.get_or_create(
                project=project, user=users[email], defaults={"access_type_enum": access}
            )
        for list_title, sections in lists.items():
            task_list, _ = TaskList.objects.get_or_create(parent_project=project, title=list_title)
            for email, access in roles:
                TaskListMembership.objects.get_or_create(
                    task_list=task_list, user=users[email], defaults={"access_type_enum": access}
                )
            for index, (section_title, task_titles) in enumerate(sections.items()):
                section, _ = Section.objects.get_or_create(
                    task_list=task_list, title=section_title, defaults={"index": index}
                )
                for position, task_title in enumerate(task_titles):
                    owner = users[owners[0]]
                    task, _ = Task.objects.get_or_create(
                        task_list=task_list,
                        title=task_title,
                        defaults={
                            "section": section,
                            "owner_user": owner,
                            "priority": position % len(Priority),
                        },
                    )
                    UserTask.objects.get_or_create(
                        task=task, user=owner, defaults={"role_enum": TaskRole.OWNER}
                    )
    for email, flags in FLAGS.items():
        for task_title, today, starred, next_shift in flags:
            task = Task.objects.get(task_list__parent_project__workspace=workspace, title=task_title)
            UserTask.objects.update_or_create(
                task=task,
                user=users[email],
                defaults={"today_yn": today, "starred_yn": starred, "next_shift_yn": next_shift},
            )
    for user in users.values():
        project_personal_ensure(user=user)
    return projects
