import { useEffect, useState } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TaskList } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build, paths, slugify } from '../../../shared/routes';
import { MalformedUrl } from '../../../shared/MalformedUrl';
import { PageFrame } from '../../../shared/PageFrame';
import { ProjectSkeleton } from '../../../shared/Skeletons';
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
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

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
  if (!project) return <ProjectSkeleton />;

  // The 'Get started' text speaks to owners (it asks to create lists and invite people).
  const showGetStarted = isOwner && project.show_get_started_message_yn && dayjs().diff(dayjs(project.created_date), 'day', true) < GET_STARTED_DAYS;
  const listMembers = membersOf ? listMemberships.filter((m) => m.task_list === membersOf.id) : [];

  return (
    <PageFrame
      width="narrow"
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
          <span aria-hidden style={{ width: 16, height: 16, borderRadius: 4, background: project.hexColor, flex: 'none' }} />
          {project.title}
        </span>
      }
      extra={
        (project.archived_yn || isOwner) && (
          <>
            {project.archived_yn && <Typography.Text type="warning">Archived</Typography.Text>}
            {isOwner && <ProjectMenu project={project} />}
          </>
        )
      }
    >
    <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>

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
    </PageFrame>
  );
}

/** Click to edit; every change is saved on its own a moment after typing stops. */
function Description({ projectId, description, editable }: { projectId: number; description: string; editable: boolean }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const editorRef = useFocusOnOpen<TextAreaRef>(editing);
  if (editing) {
    return (
      <Input.TextArea
        ref={editorRef}
        aria-label="Project description"
        placeholder="Enter a project description."
        autoSize={{ minRows: 2, maxRows: 10 }}
        value={description}
        onChange={(e) => dispatch(projectsActions.descriptionEdited({ projectId, description: e.target.value }))}
        onBlur={() => setEditing(false)}
      />
    );
  }
  const text = (
    <Typography.Paragraph type={description ? undefined : 'secondary'} style={{ whiteSpace: 'pre-wrap', margin: 0, padding: '4px 0' }}>
      {description || (editable ? 'Enter a project description.' : 'No description.')}
    </Typography.Paragraph>
  );
  if (!editable) return text;
  // Editable: a button, so Enter or Space opens the editor as a click does.
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label="Edit the project description"
      onClick={() => setEditing(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setEditing(true);
        }
      }}
      style={{ cursor: 'text', borderRadius: 6 }}
    >
      {text}
    </div>
  );
}
