import { useEffect, useState } from 'react';
import { Alert, Breadcrumb, Button, Collapse, Dropdown, Empty, Tooltip, Typography } from 'antd';
import { MinusSquareOutlined, MoreOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Task } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build, paths, slugify, type TaskTab } from '../../../shared/routes';
import { useBeta } from '../../../shared/useBeta';
import { MalformedUrl } from '../../../shared/MalformedUrl';
import { PageFrame } from '../../../shared/PageFrame';
import { ListSkeleton } from '../../../shared/Skeletons';
import { parseRouteId } from '../../../shared/slug';
import { ListMembersTable, MembersAvatarGroup } from '../../../features/projects/components/ListMembersDialog';
import { TaskDetailsPane } from '../../../features/tasks/components/TaskDetailsPane';
import { TaskActivityTab } from '../../../features/activities/components/TaskActivityTab';
import {
  LazyAddSectionsModal as AddSectionsModal,
  LazyManageSectionsModal as ManageSectionsModal,
} from '../../../features/lists/components/LazySectionModals';
import { SectionTasks } from './SectionTasks';
import { renderTaskTime, useConfirmTodayOff } from '../../time/dayTime';
import { SectionActions } from '../../../features/lists/components/SectionActions';
import {
  selectIsListOwner,
  selectListMembers,
  selectListPage,
  selectListProjectMembers,
  selectVisibleSections,
} from '../../../features/lists/selectors';
import { listsActions } from '../../../features/lists/slice';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

export const ARCHIVE_SUB_PAGE = 'archive';
export const MEMBERS_SUB_PAGE = 'members';

export default function ListPage() {
  const params = useParams();
  const listId = parseRouteId(params.listId);
  const taskId = params.taskId === undefined ? null : parseRouteId(params.taskId);
  if (listId === null || (params.taskId !== undefined && taskId === null)) return <MalformedUrl />;
  const tab: TaskTab = params.tab === 'activity' ? 'activity' : 'details';
  return <ListView listId={listId} slug={params.slug ?? ''} subPage={params.listSubPage ?? null} taskId={taskId} tab={tab} />;
}

function ListView({ listId, slug, subPage, taskId, tab }: { listId: number; slug: string; subPage: string | null; taskId: number | null; tab: TaskTab }) {
  const dispatch = useAppDispatch();
  const confirmTodayOff = useConfirmTodayOff();
  const navigate = useNavigate();
  const location = useLocation();
  const { link } = useBeta();
  const page = useAppSelector(selectListPage);
  const sections = useAppSelector(selectVisibleSections);
  const members = useAppSelector(selectListMembers);
  const projectMembers = useAppSelector(selectListProjectMembers);
  const isOwner = useAppSelector(selectIsListOwner);
  const archiveView = subPage === ARCHIVE_SUB_PAGE;
  const [collapsed, setCollapsed] = useState<string[]>([]);
  // N ('New task in this list'): the first section opens, and its new-task input with it.
  const [seenNewTask, setSeenNewTask] = useState(page.newTaskCount);
  if (seenNewTask !== page.newTaskCount) {
    setSeenNewTask(page.newTaskCount);
    if (sections.length) setCollapsed((keys) => keys.filter((key) => key !== String(sections[0].id)));
  }
  const [managing, setManaging] = useState(false);
  const [adding, setAdding] = useState(false);
  const [archivedTaskId, setArchivedTaskId] = useState<number | null>(null);
  const list = page.listId === listId ? page.list : null;

  useEffect(() => {
    dispatch(listsActions.listOpened({ listId, archiveView }));
  }, [listId, archiveView, dispatch]);
  useEffect(() => () => void dispatch(listsActions.listClosed()), [dispatch]);

  useEffect(() => {
    if (list && slugify(list.title) !== slug) {
      const rest = location.pathname.split('/').slice(4).join('/');
      navigate(`${build.list(list.id, list.title)}${rest ? `/${rest}` : ''}${location.search}`, { replace: true });
    }
  }, [list, slug, navigate, location.pathname, location.search]);

  if (page.listId === listId && page.status === 'notFound') return <Navigate to={paths.unauthorized} replace />;
  if (!list || !page.project) return <ListSkeleton />;

  const listPath = build.list(list.id, list.title);
  // One empty state for a list without tasks, rather than one per section.
  const listEmpty = sections.length > 0 && sections.every((s) => (archiveView ? s.archived_count : s.task_count) === 0);
  const openTask = (task: Task) => {
    if (archiveView) setArchivedTaskId(task.id);
    else navigate(link(build.listTask(list.id, list.title, task.id, task.title, tab)));
  };
  const selectedTaskId = archiveView ? archivedTaskId : taskId;

  const breadcrumb = (
    <Breadcrumb
      items={[
        { title: <Link to={link(build.project(page.project.id, page.project.title))}>{page.project.title}</Link> },
        { title: list.title },
      ]}
    />
  );
  const actions = (
    <>
      <MembersAvatarGroup members={members} max={3} onClick={() => navigate(link(build.listSubPage(list.id, list.title, MEMBERS_SUB_PAGE)))} />
      <Tooltip title="Expand all">
        <Button aria-label="Expand all sections" icon={<PlusSquareOutlined />} onClick={() => setCollapsed([])} />
      </Tooltip>
      <Tooltip title="Collapse all">
        <Button aria-label="Collapse all sections" icon={<MinusSquareOutlined />} onClick={() => setCollapsed(sections.map((s) => String(s.id)))} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(isOwner ? [{ key: 'manage', label: 'Manage sections', onClick: () => setManaging(true) }] : []),
            archiveView
              ? { key: 'back', label: 'Back to task list', onClick: () => navigate(link(listPath)) }
              : { key: 'archive', label: 'Show Archive', onClick: () => navigate(link(build.listSubPage(list.id, list.title, ARCHIVE_SUB_PAGE))) },
            { key: 'members', label: 'List members', onClick: () => navigate(link(build.listSubPage(list.id, list.title, MEMBERS_SUB_PAGE))) },
          ],
        }}
      >
        <Button aria-label="List menu" icon={<MoreOutlined />} />
      </Dropdown>
    </>
  );

  if (subPage === MEMBERS_SUB_PAGE) {
    return (
      <PageFrame title={list.title} breadcrumb={breadcrumb} extra={actions} width="narrow">
        <Button style={{ marginBottom: 12 }} onClick={() => navigate(link(listPath))}>
          Back to task list
        </Button>
        <ListMembersTable
          members={members}
          projectMembers={projectMembers}
          isOwner={isOwner}
          onAdd={(userId) => dispatch(listsActions.listMemberAddRequested({ listId: list.id, userId }))}
          onRemove={(m) => dispatch(listsActions.listMemberRemoveRequested({ listId: list.id, membershipId: m.id }))}
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={list.title} breadcrumb={breadcrumb} extra={actions}>
      {archiveView && (
        <Alert
          type="warning"
          showIcon
          title="Only archived tasks are shown"
          action={<Button onClick={() => navigate(link(listPath))}>Back to task list</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <div className="split-view">
        <div className="split-view__main" data-testid="sections">
          {listEmpty && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={archiveView ? 'No archived tasks in list.' : 'No tasks in list yet. Add the first one to a section below.'}
              style={{ margin: '8px 0 16px' }}
            />
          )}
          {sections.length === 0 ? (
            <Empty description={archiveView ? 'No archived tasks in list.' : 'No sections in list.'}>
              {isOwner && !archiveView && (
                <Button type="primary" onClick={() => setAdding(true)}>
                  Add sections
                </Button>
              )}
            </Empty>
          ) : (
            <Collapse
              // The section's title toggles it; its menu beside it stays a separate control.
              collapsible="header"
              activeKey={sections.map((s) => String(s.id)).filter((key) => !collapsed.includes(key))}
              onChange={(keys) => {
                const open = Array.isArray(keys) ? keys : [keys];
                setCollapsed(sections.map((s) => String(s.id)).filter((key) => !open.includes(key)));
              }}
              items={sections.map((section) => ({
                key: String(section.id),
                label: (
                  <span data-testid="section-title">
                    {section.title}
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {archiveView ? section.archived_count : section.task_count}
                    </Typography.Text>
                    {section.removed_yn && <Typography.Text type="secondary"> · removed</Typography.Text>}
                  </span>
                ),
                extra: <SectionActions section={section} isOwner={isOwner} />,
                children: <SectionTasks section={section} selectedTaskId={selectedTaskId} onOpenTask={openTask} showEmpty={!listEmpty} first={section.id === sections[0].id} />,
              }))}
            />
          )}
        </div>
        <TaskDetailsPane
          renderActivity={(id) => <TaskActivityTab key={id} taskId={id} />}
          renderTime={renderTaskTime}
          confirmTodayOff={confirmTodayOff}
          taskId={selectedTaskId}
          tab={tab}
          onTab={(next) => {
            const task = selectedTaskId;
            if (task === null || archiveView) return;
            const segments = location.pathname.split('/');
            navigate(link(build.listTask(list.id, list.title, task, segments[5] ?? 'task', next)));
          }}
          onClose={() => (archiveView ? setArchivedTaskId(null) : navigate(link(listPath)))}
        />
      </div>
      <ManageSectionsModal
        open={managing}
        onClose={() => setManaging(false)}
        onAdd={() => setAdding(true)}
      />
      <AddSectionsModal listId={list.id} open={adding} onClose={() => setAdding(false)} />
    </PageFrame>
  );
}
