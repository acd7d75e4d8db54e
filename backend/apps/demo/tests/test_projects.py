import pytest
from django.core.management import call_command

from apps.accounts.models import User
from apps.projects.models import Project, ProjectMembership, Task, UserTask

pytestmark = pytest.mark.django_db


def test_seed_demo_projects_are_idempotent_and_cover_the_e2e_cases(client_for):
    call_command("seed_demo", force=True)
    counts = (Project.objects.count(), Task.objects.count(), UserTask.objects.count())
    call_command("seed_demo", force=True)
    assert (Project.objects.count(), Task.objects.count(), UserTask.objects.count()) == counts
    ada, ben, cy = (User.objects.get(email=f"{n}@example.com") for n in ("ada", "ben", "cy"))
    mobile = Project.objects.get(title="Mobile App")
    assert ProjectMembership.objects.filter(project=mobile, user=ada, access_type_enum="owner").exists()
    assert client_for(cy).get(f"/api/projects/project/{mobile.pk}/").status_code == 404
    assert client_for(ben).get(f"/api/projects/project/{mobile.pk}/").status_code == 200
    ben_counts = client_for(ben).get("/api/projects/tasks/groups/counts/").json()
    assert (
        ben_counts["today_count"] >= 2
        and ben_counts["starred_count"] >= 1
        and ben_counts["next_workday_count"] >= 1
    )
    ada_counts = client_for(ada).get("/api/projects/tasks/groups/counts/").json()
    assert ada_counts["today_count"] >= 1 and ada_counts["starred_count"] >= 1
    assert Project.objects.filter(personal_user__in=[ada, ben, cy]).count() == 3
