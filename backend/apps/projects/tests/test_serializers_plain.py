"""The hot serializers build their dicts by hand (issue 8): each answer must be byte for byte what
DRF's declared fields write (same keys, same order, same values), for several users, roles,
viewers and records. `drf_representation` is DRF's own `to_representation` of the same class.
"""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.test import RequestFactory
from rest_framework.renderers import JSONRenderer

from apps.accounts.models import WorkspaceRole, WorkspaceUserType
from apps.accounts.serializers import UserDetailsSerializer
from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects import selectors
from apps.projects.models import AccessType, Project
from apps.projects.serializers.projects import ProjectSerializer
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    TaskListFactory,
)
from apps.work import selectors as work_selectors
from apps.work.models import StatusRecord, StatusType
from apps.work.serializers import StatusRecordSerializer, WorktimeSummarySerializer
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db


def same_bytes(fast: dict, drf: dict) -> None:
    assert list(fast) == list(drf)
    assert JSONRenderer().render(fast) == JSONRenderer().render(drf)


def request_as(viewer):
    request = RequestFactory().get("/api/accounts/me/", HTTP_HOST="127.0.0.1:8000")
    request.user = viewer
    return request


def test_user_details_are_what_drf_writes_for_every_kind_of_user_and_viewer(clock):
    workspace = WorkspaceFactory()
    admin = UserFactory(
        workspace=workspace,
        workspace_role=WorkspaceRole.ADMIN,
        workspace_user_type=WorkspaceUserType.OWNER,
        timezone="Asia/Kolkata",
        country="India",
        city="Pune",
        what_i_do="Everything",
        phone_number="+91 1",
        team_page_access_granted_yn=True,
        avatar="avatars/ada.png",
        external_tracker_config_json={"provider": "toggl", "token": "secret", "nested": [1, "é"]},
    )
    hidden = UserFactory(
        workspace=workspace,
        allow_invisible_mode=True,
        invisible_mode_yn=True,
        has_beta_version_access_yn=True,
        using_beta_version_yn=True,
        allow_add_manual_shifts=True,
    )
    # asked for invisible mode without being allowed it: not invisible
    plain = UserFactory(
        workspace=workspace, full_name="Ünïcode “quotes” \\ </script>", invisible_mode_yn=True
    )
    homeless = UserFactory(workspace=None)
    status_services.status_change(user=admin, status="working")
    status_services.status_change(user=hidden, status="taking_break")
    admin.refresh_from_db()
    compared = 0
    for user in (admin, hidden, plain, homeless):
        for viewer in (admin, hidden, plain, homeless, None):
            context = {"request": request_as(viewer)} if viewer is not None else {}
            serializer = UserDetailsSerializer(user, context=context)
            same_bytes(serializer.data, serializer.drf_representation(user))
            compared += 1
    assert compared == 20
    # the comparison covers what differs by viewer
    mine = UserDetailsSerializer(hidden, context={"request": request_as(hidden)}).data
    theirs = UserDetailsSerializer(hidden, context={"request": request_as(admin)}).data
    assert (mine["invisible_mode_yn"], theirs["invisible_mode_yn"]) == (True, False)
    assert (
        UserDetailsSerializer(admin, context={"request": request_as(admin)})
        .data["avatar"]
        .startswith("http://127.0.0.1:8000/")
    )


def test_worktime_summaries_are_what_drf_writes(clock):
    user = UserFactory(timezone="Asia/Kolkata")
    clock.set(dt.datetime(2026, 3, 10, 9, 30, tzinfo=dt.UTC))
    empty = work_selectors.worktime_summary(user=user, day=dt.date(2026, 3, 10))
    status_services.status_change(user=user, status="working")
    clock.set(dt.datetime(2026, 3, 10, 11, 0, 7, tzinfo=dt.UTC))
    running = work_selectors.worktime_summary(user=user, day=dt.date(2026, 3, 10))
    assert running["work_time"] == 5407
    for summary in (empty, running):
        serializer = WorktimeSummarySerializer(summary)
        same_bytes(serializer.data, serializer.drf_representation(summary))


def test_status_records_are_what_drf_writes():
    user = UserFactory()
    kolkata = ZoneInfo("Asia/Kolkata")
    records = [
        StatusRecord(
            id=None,
            user=user,
            status_enum_identifier=StatusType.WORKING,
            start_datetime=dt.datetime(2026, 3, 10, 9, 0, 0, 123456, tzinfo=dt.UTC),
        ),
        StatusRecord(
            id=7,
            user=user,
            status_enum_identifier="taking_break",
            start_datetime=dt.datetime(2026, 3, 10, 9, 0, tzinfo=kolkata),
            end_datetime=dt.datetime(2026, 3, 10, 23, 59, 59, tzinfo=kolkata),
            deleted_yn=True,
        ),
    ]
    status_services.status_change(user=user, status="working")
    records.extend(StatusRecord.objects.filter(user=user))
    for record in records:
        serializer = StatusRecordSerializer(record)
        same_bytes(serializer.data, serializer.drf_representation(record))


def test_projects_are_what_drf_writes_as_every_list_reads_them():
    workspace = WorkspaceFactory()
    owner = UserFactory(workspace=workspace, workspace_role=WorkspaceRole.ADMIN)
    member = UserFactory(workspace=workspace)
    shared = ProjectFactory(workspace=workspace, title="Zeta", description="Line\nbreak “q”")
    archived = ProjectFactory(workspace=workspace, archived_yn=True, show_get_started_message_yn=False)
    for project in (shared, archived):
        ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
        ProjectMembershipFactory(project=project, user=member)
        TaskListFactory(parent_project=project)
    ProjectFactory(workspace=workspace, personal_user=owner, title="Personal Tasks")
    rows = []
    for user in (owner, member):
        for archived_yn in (None, True, False):
            rows += list(selectors.projects_for(user=user, archived_yn=archived_yn))
        rows += list(selectors.projects_for(user=user, workspace_wide=True))
    rows += list(selectors.workspace_projects(user=owner))
    rows.append(selectors.project_detail(user=member, project_id=archived.pk))
    rows += list(Project.objects.select_related("color"))  # no annotations: DRF leaves the counts out
    assert len(rows) > 12
    for project in rows:
        serializer = ProjectSerializer(project)
        same_bytes(serializer.data, serializer.drf_representation(project))
    many = [ProjectSerializer(p).drf_representation(p) for p in rows]
    same_bytes({"rows": ProjectSerializer(rows, many=True).data}, {"rows": many})
