import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TaskList } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build, paths, slugify } from '../../../shared/routes';
import { MalformedUrl } from '../../../shared/MalformedUrl';
import { UnderConstruction } from '../../../shared/UnderConstruction';
import { selectUnderDevelopment } from '../../../shared/session';
import { parseRouteId } from '../../../shared/slug';
import { ListMembersDialog } from '../components/ListMembersDialog';
import { ProjectMembersTable } from '../components/ProjectMembersTable';
import { ProjectMenu } from '../components/ProjectMenu';
import { TaskListDialog } from '../components/TaskListDialog';
import { TaskListsTable } from '../components/TaskListsTable';
import {
  selectIsOverviewOwner,
  selectOverview,
  selectOverviewListMemberships,
  selectOverviewLists,
  selectOverviewMemberships,
  selectWorkspaceUsers,
} from '../selectors';
import { projectsActions } from '../slice';

const GET_STARTED_DAYS = 7;

/** The overview sits behind the under_development flag (spec 02 §2), which is on by default. */
export default function ProjectOverviewPage() {
  const underDevelopment = useAppSelector(selectUnderDevelopment);
  return underDevelopment ? <ProjectOverviewRoute /> : <UnderConstruction />;
}

function ProjectOverviewRoute() {
  const { projectId: rawId, slug } = useParams();
  const projectId = parseRouteId(rawId);
  if (projectId === null) return <MalformedUrl />;
  return <ProjectOverview projectId={projectId} slug={slug ?? ''} />;
}

function ProjectOverview({ projectId, slug }: { projectId: number; slug: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const overview = useAppSelector(selectOverview);
  const users = useAppSelector(selectWorkspaceUsers);
  const isOwner = useAppSelector(selectIsOverviewOwner);
  const lists = useAppSelector(selectOverviewLists);
  const memberships = useAppSelector(selectOverviewMemberships);
  const listMemberships = useAppSelector(selectOverviewListMemberships);
  const [listDialog, setListDialog] = useState<{ open: boolean; list: TaskList | null }>({ open: false, list: null });
  const [membersOf, setMembersOf] = useState<TaskList | null>(null);
  const project = overview.projectId === projectId ? overview.project : null;

  useEffect(() => {
    dispatch(projectsActions.overviewOpened(projectId));
  }, [projectId, dispatch]);
  useEffect(() => () => void dispatch(projectsActions.overviewClosed()), [dispatch]);

  // The URL follows the title (spec 02 §2).
  useEffect(() => {
    if (project && slugify(project.title) !== slug) {
      navigate(build.project(project.id, project.title) + location.search, { replace: true });
    }
  }, [project, slug, navigate, location.search]);

  if (overview.projectId === projectId && overview.status === 'notFound') return <Navigate to={paths.unauthorized} replace />;
  if (!project) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  const showGetStarted = project.show_get_started_message_yn && dayjs().diff(dayjs(project.created_date), 'day', true) < GET_STARTED_DAYS;
  const listMembers = membersOf ? listMemberships.filter((m) => m.task_list === membersOf.id) : [];

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: 20 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <span aria-hidden style={{ width: 16, height: 16, borderRadius: 4, background: project.hexColor }} />
        <Typography.Title level={2} style={{ margin: 0, flex: 1 }}>
          {project.title}
        </Typography.Title>
        {project.archived_yn && <Typography.Text type="warning">Archived</Typography.Text>}
        {isOwner && <ProjectMenu project={project} />}
      </header>

      {showGetStarted && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => dispatch(projectsActions.getStartedDismissed(project.id)), 'aria-label': 'Dismiss' }}
          title="Get started with your new project"
          description="Create task lists for the parts of the work, add sections to each list, and invite the people you work with in Members below."
        />
      )}

      <Description key={project.id} projectId={project.id} description={project.description} editable={isOwner} />

      <Card
        title="Task Lists"
        extra={
          isOwner && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setListDialog({ open: true, list: null })}>
              Create new list
            </Button>
          )
        }
      >
        <TaskListsTable
          lists={lists}
          listMemberships={listMemberships}
          isOwner={isOwner}
          onRename={(list) => setListDialog({ open: true, list })}
          onMembers={setMembersOf}
        />
      </Card>

      <Card title="Members">
        <ProjectMembersTable projectId={project.id} memberships={memberships} users={users} isOwner={isOwner} />
      </Card>

      <TaskListDialog projectId={project.id} list={listDialog.list} open={listDialog.open} onClose={() => setListDialog({ open: false, list: null })} />
      <ListMembersDialog
        list={membersOf}
        members={listMembers}
        projectMembers={memberships}
        isOwner={isOwner}
        onAdd={(userId) => membersOf && dispatch(projectsActions.listMemberAddRequested({ projectId: project.id, listId: membersOf.id, userId }))}
        onRemove={(membership) => dispatch(projectsActions.listMemberRemoveRequested({ projectId: project.id, membership }))}
        onClose={() => setMembersOf(null)}
      />
    </div>
  );
}

/** Click to edit; every change is saved on its own a moment after typing stops. */
function Description({ projectId, description, editable }: { projectId: number; description: string; editable: boolean }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Input.TextArea
        autoFocus
        aria-label="Project description"
        placeholder="Enter a project description."
        autoSize={{ minRows: 2, maxRows: 10 }}
        value={description}
        onChange={(e) => dispatch(projectsActions.descriptionEdited({ projectId, description: e.target.value }))}
        onBlur={() => setEditing(false)}
      />
    );
  }
  return (
    <Typography.Paragraph
      type={description ? undefined : 'secondary'}
      onClick={() => editable && setEditing(true)}
      style={{ cursor: editable ? 'text' : undefined, whiteSpace: 'pre-wrap', margin: 0, padding: '4px 0' }}
      aria-label="Project description"
    >
      {description || 'Enter a project description.'}
    </Typography.Paragraph>
  );
}
