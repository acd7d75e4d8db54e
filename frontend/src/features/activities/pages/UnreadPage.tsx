import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Empty, Select, Space, Typography } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, CheckOutlined } from '@ant-design/icons';
import type { Activity, UnreadProject, UnreadTask } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useNow } from '../../../shared/time';
import { UnreadActivityCard } from '../components/UnreadActivityCard';
import { selectTaskUnread, selectUnread } from '../selectors';
import { activitiesActions } from '../slice';
import { dayLabel, filterTree, NO_FILTER, type NodeKey, type TreeFilter } from '../tree';
import '../activities.css';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

type Open = { all: boolean; except: Set<string> };
const isOpen = (open: Open, key: string) => (open.all ? !open.except.has(key) : open.except.has(key));
const toggled = (open: Open, key: string): Open => {
  const except = new Set(open.except);
  if (except.has(key)) except.delete(key);
  else except.add(key);
  return { all: open.all, except };
};

/** Unread activities (spec 02 §2): projects collapse into tasks, each task expands to its
 * activities by day; a cascading filter; removal animated; it follows live events. */
export default function UnreadPage() {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnread);
  const [filter, setFilter] = useState<TreeFilter>(NO_FILTER);
  // Super-expand by default (spec 01 §9): every project and task open.
  const [open, setOpen] = useState<Open>({ all: true, except: new Set() });

  useEffect(() => {
    dispatch(activitiesActions.unreadPageOpened());
  }, [dispatch]);

  const shown = useMemo(() => filterTree(unread.tree, filter), [unread.tree, filter]);
  const removing = useMemo(() => new Set<string>(unread.removing), [unread.removing]);

  return (
    <div style={{ maxWidth: 960 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={1} style={{ margin: 0, flex: 1, fontSize: 24 }}>
          Unread
        </Typography.Title>
        <Space>
          <Button onClick={() => setOpen({ all: false, except: new Set() })}>Collapse all</Button>
          <Button onClick={() => setOpen({ all: true, except: new Set() })}>Expand all</Button>
        </Space>
      </div>
      <Filters tree={unread.tree} filter={filter} onChange={setFilter} />
      {!unread.loaded ? (
        unread.error ? (
          <Empty description={unread.error} />
        ) : (
          <UnreadSkeleton />
        )
      ) : shown.length === 0 ? (
        <div style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 48 }}>
          <Empty description="No unread activities" />
        </div>
      ) : (
        shown.map((project) => (
          <ProjectBlock
            key={project.id}
            project={project}
            removing={removing}
            open={open}
            onToggle={(key) => setOpen((current) => toggled(current, key))}
          />
        ))
      )}
    </div>
  );
}

function Filters({ tree, filter, onChange }: { tree: UnreadProject[]; filter: TreeFilter; onChange: (filter: TreeFilter) => void }) {
  const project = tree.find((row) => row.id === filter.projectId);
  const lists = project ? project.lists : tree.flatMap((row) => row.lists);
  const list = lists.find((row) => row.id === filter.listId);
  const sections = list ? list.sections : lists.flatMap((row) => row.sections);
  const section = sections.find((row) => row.id === filter.sectionId);
  const tasks = section ? section.tasks : sections.flatMap((row) => row.tasks);
  const style = { minWidth: 180, flex: 1 };
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }} role="group" aria-label="Filter unread activities">
      <Select
        aria-label="Project"
        allowClear
        placeholder="All projects"
        style={style}
        value={filter.projectId ?? undefined}
        options={tree.map((row) => ({ value: row.id, label: row.project_name }))}
        onChange={(value?: number) => onChange({ ...NO_FILTER, projectId: value ?? null })}
      />
      <Select
        aria-label="List"
        allowClear
        placeholder="All lists"
        style={style}
        value={filter.listId ?? undefined}
        options={lists.map((row) => ({ value: row.id, label: row.list_name }))}
        onChange={(value?: number) => onChange({ ...filter, listId: value ?? null, sectionId: null, taskId: null })}
      />
      <Select
        aria-label="Section"
        allowClear
        placeholder="All sections"
        style={style}
        value={filter.sectionId ?? undefined}
        options={sections.map((row) => ({ value: row.id, label: row.section_name }))}
        onChange={(value?: number) => onChange({ ...filter, sectionId: value ?? null, taskId: null })}
      />
      <Select
        aria-label="Task"
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="All tasks"
        style={style}
        value={filter.taskId ?? undefined}
        options={tasks.map((row) => ({ value: row.id, label: row.task_name }))}
        onChange={(value?: number) => onChange({ ...filter, taskId: value ?? null })}
      />
    </div>
  );
}

interface BlockProps {
  project: UnreadProject;
  removing: Set<string>;
  open: Open;
  onToggle: (key: string) => void;
}

function ProjectBlock({ project, removing, open, onToggle }: BlockProps) {
  const dispatch = useAppDispatch();
  const key: NodeKey = `p:${project.id}`;
  const expanded = isOpen(open, key);
  const rows = project.lists.flatMap((list) =>
    list.sections.flatMap((section) =>
      section.tasks.map((task) => ({ task, list, section })),
    ),
  );
  const total = rows.reduce((sum, row) => sum + row.task.activity_count, 0);
  return (
    <div className={`ro-node${removing.has(key) ? ' ro-leaving' : ''}`} data-testid="unread-project">
      <div className="ro-node-inner">
        <section className="ro-unread-project" aria-label={project.project_name}>
          <div className="ro-unread-project-header">
            <button type="button" className="ro-unread-toggle" aria-expanded={expanded} onClick={() => onToggle(key)}>
              {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
              <Typography.Text strong style={{ fontSize: 16 }}>
                {project.project_name}
              </Typography.Text>
              <Badge count={total} color="#1677ff" />
            </button>
            <Button size="small" icon={<CheckOutlined />} onClick={() => dispatch(activitiesActions.markReadRequested({ projectId: project.id }))}>
              Mark all as read
            </Button>
          </div>
          {expanded
            ? rows.map(({ task, list, section }) => {
                // A list or section leaving takes its tasks with it.
                const leaving = removing.has(`t:${task.id}`) || removing.has(`s:${section.id}`) || removing.has(`l:${list.id}`);
                return (
                  <TaskBlock
                    key={task.id}
                    task={task}
                    crumbs={`${list.list_name} › ${section.section_name}`}
                    leaving={leaving}
                    removing={removing}
                    expanded={isOpen(open, `t:${task.id}`)}
                    onToggle={() => onToggle(`t:${task.id}`)}
                  />
                );
              })
            : null}
        </section>
      </div>
    </div>
  );
}

interface TaskProps {
  task: UnreadTask;
  crumbs: string;
  leaving: boolean;
  removing: Set<string>;
  expanded: boolean;
  onToggle: () => void;
}

function TaskBlock({ task, crumbs, leaving, removing, expanded, onToggle }: TaskProps) {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnread);
  const activities = useAppSelector((state) => selectTaskUnread(state, task.id));
  const loaded = unread.tasksLoaded.includes(task.id);
  const loading = unread.tasksLoading.includes(task.id);
  const now = useNow(60_000);

  useEffect(() => {
    if (expanded && !loaded && !loading) dispatch(activitiesActions.taskUnreadRequested(task.id));
  }, [expanded, loaded, loading, task.id, dispatch]);

  return (
    <div className={`ro-node${leaving ? ' ro-leaving' : ''}`} data-testid="unread-task">
      <div className="ro-node-inner">
        <div className="ro-unread-task">
          <div className="ro-unread-task-header">
            <button type="button" className="ro-unread-toggle" aria-expanded={expanded} onClick={onToggle}>
              {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
              <span style={{ minWidth: 0 }}>
                <Typography.Text strong>{task.task_name}</Typography.Text>
                <div className="ro-crumbs">{crumbs}</div>
              </span>
              <Badge count={task.activity_count} color="#1677ff" />
            </button>
            <Button type="link" size="small" onClick={() => dispatch(activitiesActions.markReadRequested({ taskId: task.id }))}>
              Mark task as read
            </Button>
          </div>
          {expanded ? (
            loaded ? (
              <ByDay activities={activities} removing={removing} now={now} />
            ) : (
              <CardsSkeleton />
            )
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ByDay({ activities, removing, now }: { activities: Activity[]; removing: Set<string>; now: Date }) {
  const groups: { label: string; rows: Activity[] }[] = [];
  for (const activity of activities) {
    const label = dayLabel(new Date(activity.submitted_datetime ?? activity.created_datetime), now);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.rows.push(activity);
    else groups.push({ label, rows: [activity] });
  }
  return (
    <div className="ro-unread-days">
      {groups.map((group) => (
        <div key={group.label}>
          <div className="ro-unread-day">{group.label}</div>
          {group.rows.map((activity) => (
            <UnreadActivityCard key={activity.id} activity={activity} leaving={removing.has(`a:${activity.id}`)} />
          ))}
        </div>
      ))}
    </div>
  );
}

const block = (width: number | string, height: number): React.CSSProperties => ({ width, height, borderRadius: 6, background: 'rgba(0,0,0,0.06)' });

function CardsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading activities" style={{ paddingLeft: 22, marginTop: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {[0, 1].map((index) => (
        <div key={index} style={{ display: 'flex', gap: 12, border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
          <div style={{ ...block(32, 32), borderRadius: '50%' }} />
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 8 }}>
            <div style={block('30%', 14)} />
            <div style={block('80%', 14)} />
          </div>
        </div>
      ))}
    </div>
  );
}

function UnreadSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading unread activities" data-testid="unread-skeleton">
      {[0, 1].map((index) => (
        <div key={index} className="ro-unread-project" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
          <div style={block('35%', 20)} />
          {[0, 1, 2].map((row) => (
            <div key={row} style={{ display: 'flex', gap: 12, paddingLeft: 24 }}>
              <div style={block('50%', 14)} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
