import { useEffect } from 'react';
import { Badge, Button, Card, Empty, Form, Popover, Select, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PersonalPageName } from '../../api/projects';
import type { Task } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { build, paths, type TaskPageOrigin, type TaskTab } from '../../shared/routes';
import { useBeta } from '../../shared/useBeta';
import { MalformedUrl } from '../../shared/MalformedUrl';
import { PageFrame } from '../../shared/PageFrame';
import { TaskCardsSkeleton } from '../../shared/Skeletons';
import { parseRouteId } from '../../shared/slug';
import { selectWorkspaceUsers } from '../../features/projects/selectors';
import { projectsActions } from '../../features/projects/slice';
import { TaskCard } from '../../features/tasks/components/TaskCard';
import { TaskDetailsPane } from '../../features/tasks/components/TaskDetailsPane';
import { TaskActivityTab } from '../../features/activities/components/TaskActivityTab';
import { nextWorkdayTitle } from '../../features/personal/nextWorkday';
import { selectOfficeSchedule } from '../../features/office/selectors';
import { officeActions } from '../../features/office/slice';
import { selectPersonal, selectPersonalCards, selectPersonalFilter } from '../../features/personal/selectors';
import { personalActions } from '../../features/personal/slice';
import { TimeBars } from '../../features/tracker/components/TimeBars';
import { Panel } from '../../shared/Panel';
import { renderTaskTime, useConfirmProjectOff, useConfirmTodayOff } from '../time/dayTime';
import { useDayTimes } from '../time/useDayTimes';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../shared/antd-office.gen.css';

const ORIGIN: Record<PersonalPageName, TaskPageOrigin> = { today: 'today', next_workday: 'next_shift', starred: 'starred' };
const FROM_ORIGIN: Record<string, PersonalPageName> = { today: 'today', next_shift: 'next_workday', starred: 'starred' };
const PAGE_PATH: Record<PersonalPageName, string> = { today: paths.today, next_workday: paths.nextShift, starred: paths.starred };
const EMPTY_NAME: Record<PersonalPageName, string> = { today: 'Today', next_workday: 'Next Workday', starred: 'Starred' };

/** Today, Next Workday and Starred; also /t/{taskId}/{slug}/{tab}?p=... with the task opened. */
export default function PersonalPage({ page: fixedPage }: { page?: PersonalPageName }) {
  const params = useParams();
  const [search] = useSearchParams();
  const page = fixedPage ?? FROM_ORIGIN[search.get('p') ?? ''];
  const taskId = params.taskId === undefined ? null : parseRouteId(params.taskId);
  if (!page || (params.taskId !== undefined && taskId === null)) return <MalformedUrl />;
  const tab: TaskTab = params.tab === 'activity' ? 'activity' : 'details';
  return <PersonalView page={page} taskId={taskId} tab={tab} />;
}

function PersonalView({ page, taskId, tab }: { page: PersonalPageName; taskId: number | null; tab: TaskTab }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { link } = useBeta();
  const personal = useAppSelector(selectPersonal);
  const cards = useAppSelector(selectPersonalCards);

  const schedule = useAppSelector(selectOfficeSchedule).schedule;
  useEffect(() => {
    dispatch(personalActions.pageOpened(page));
  }, [page, dispatch]);
  useEffect(() => {
    if (page === 'next_workday' && schedule === null) dispatch(officeActions.scheduleRequested());
  }, [page, schedule, dispatch]);
  useEffect(() => () => void dispatch(personalActions.pageClosed()), [dispatch]);

  const title = page === 'today' ? 'Today' : page === 'next_workday' ? nextWorkdayTitle(schedule?.next_workday_date ?? null) : 'Starred';
  const confirmTodayOff = useConfirmTodayOff();
  const open = (task: Task, nextTab: TaskTab = tab) => navigate(link(build.task(task.id, task.title, nextTab, ORIGIN[page])));

  return (
    <PageFrame title={title} extra={<FilterPopover />}>
      <div className="split-view">
        <div className="split-view__main" style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="project-cards">
          {page === 'today' && <TodayTime />}
          {personal.status === 'loading' && <TaskCardsSkeleton groups={2} />}
          {personal.status === 'ready' && cards.length === 0 && <Empty description={`No tasks in ${EMPTY_NAME[page]}`} style={{ marginTop: 48 }} />}
          {cards.map(({ project, tasks }) => (
            <Card
              key={project.id}
              size="small"
              aria-label={project.title}
              data-testid="project-card"
              title={
                <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <span aria-hidden style={{ width: 10, height: 10, borderRadius: 3, background: project.hexColor }} />
                  {project.title}
                  <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                    {tasks.length}
                  </Typography.Text>
                </span>
              }
              style={{ borderTop: `3px solid ${project.hexColor}` }}
              styles={{ body: { display: 'flex', flexDirection: 'column', gap: 6 } }}
            >
              {tasks.length === 0 ? 'No tasks in project.' : tasks.map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      selected={task.id === taskId}
                      onOpen={(t) => open(t)}
                      showPlace
                      timeSlot={renderTaskTime(task)}
                      confirmTodayOff={confirmTodayOff}
                    />
                  ))}
            </Card>
          ))}
        </div>
        <TaskDetailsPane
          renderActivity={(id) => <TaskActivityTab key={id} taskId={id} />}
          taskId={taskId}
          tab={tab}
          onTab={(nextTab) => {
            const task = cards.flatMap((c) => c.tasks).find((t) => t.id === taskId);
            if (task) open(task, nextTab);
          }}
          onClose={() => navigate(link(PAGE_PATH[page]))}
          renderTime={renderTaskTime}
          confirmTodayOff={confirmTodayOff}
        />
      </div>
    </PageFrame>
  );
}

/** Today's time per project (drawn bars) and the totals 'Tasks time' and 'Unallocated' (spec 02 §2). */
function TodayTime() {
  const { now, office, tasks, unallocated } = useDayTimes();
  const removeProject = useConfirmProjectOff();
  return (
    <Panel title="Time on tasks today">
      <TimeBars now={now} officeSeconds={office ?? 0} tasksSeconds={tasks} unallocated={unallocated} onRemoveProject={removeProject} />
    </Panel>
  );
}

/** Filter by task owner and task members; kept across the three pages (spec 02 §2). */
function FilterPopover() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectPersonalFilter);
  const users = useAppSelector(selectWorkspaceUsers);
  const active = filter.owners.length + filter.members.length;
  const options = users.map((u) => ({ value: u.id, label: u.display_name }));
  const content = (
    <Form layout="vertical" style={{ width: 300 }}>
      <Form.Item label="Task owner">
        <Select
          mode="multiple"
          allowClear
          aria-label="Task owner"
          placeholder="Anyone"
          value={filter.owners}
          options={options}
          optionFilterProp="label"
          onChange={(owners: number[]) => dispatch(personalActions.filterChanged({ ...filter, owners }))}
        />
      </Form.Item>
      <Form.Item label="Task members">
        <Select
          mode="multiple"
          allowClear
          aria-label="Task members"
          placeholder="Anyone"
          value={filter.members}
          options={options}
          optionFilterProp="label"
          onChange={(members: number[]) => dispatch(personalActions.filterChanged({ ...filter, members }))}
        />
      </Form.Item>
      <Button block disabled={active === 0} onClick={() => dispatch(personalActions.filterCleared())}>
        Clear filter
      </Button>
    </Form>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={content}
      title="Filter"
      onOpenChange={(open) => open && users.length === 0 && dispatch(projectsActions.workspaceUsersRequested())}
    >
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />}>Filter</Button>
      </Badge>
    </Popover>
  );
}
