import { Avatar, Button, Card, Tooltip, Typography } from 'antd';
import { CalendarOutlined, ClockCircleFilled, ClockCircleOutlined, CalendarFilled, MoreOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Task } from '../../../api/types';
import type { TaskFlag } from '../../../api/projects';
import { useAppDispatch } from '../../../shared/hooks';
import { UserAvatar } from '../../../shared/UserAvatar';
import { MenuDropdown } from '../../../shared/MenuDropdown';
import { PRIORITY_COLORS, priorityLabel, type PriorityLevel } from '../editRules';
import { tasksActions } from '../slice';
import { useFlagToggle } from '../useFlagToggle';
import '../tasks.css';

const FLAG_BUTTONS: { flag: TaskFlag; on: React.ReactNode; off: React.ReactNode; label: string; color: string }[] = [
  { flag: 'today_yn', on: <ClockCircleFilled />, off: <ClockCircleOutlined />, label: 'Today', color: '#1677ff' },
  { flag: 'next_shift_yn', on: <CalendarFilled />, off: <CalendarOutlined />, label: 'Next Workday', color: '#722ed1' },
  { flag: 'starred_yn', on: <StarFilled />, off: <StarOutlined />, label: 'Starred', color: '#d48806' },
];

/** Taking a task off Today may move its hours to unallocated: the page may ask first, then call `proceed`. */
export type TodayOffConfirm = (task: Task, proceed: () => void) => void;

/** Today, Next Workday and Starred as icon buttons (28 px targets), on the card and in the details. */
export function TaskFlagButtons({ task, confirmTodayOff }: { task: Task; confirmTodayOff?: TodayOffConfirm }) {
  const toggle = useFlagToggle();
  return (
    <>
      {FLAG_BUTTONS.map(({ flag, on, off, label, color }) => {
        const text = task[flag] ? `Remove from ${label}` : `Add to ${label}`;
        return (
          <Tooltip key={flag} title={text}>
            <Button
              type="text"
              className="task-icon-button"
              aria-label={text}
              aria-pressed={task[flag]}
              icon={task[flag] ? on : off}
              style={{ color: task[flag] ? color : 'rgba(0,0,0,0.5)' }}
              onClick={() => {
                const proceed = () => toggle(task.id, flag, !task[flag]);
                if (flag === 'today_yn' && task.today_yn && confirmTodayOff) confirmTodayOff(task, proceed);
                else proceed();
              }}
            />
          </Tooltip>
        );
      })}
    </>
  );
}

/** The priority as bars and a word; nothing for None. */
export function PriorityMark({ priority, withLabel = false }: { priority: number; withLabel?: boolean }) {
  const level = (priority in PRIORITY_COLORS ? priority : 0) as PriorityLevel;
  if (level === 0 && !withLabel) return null;
  const color = PRIORITY_COLORS[level];
  return (
    <span className="task-priority" title={`Priority: ${priorityLabel(level)}`} aria-label={`Priority: ${priorityLabel(level)}`} role="img">
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden focusable="false">
        {[0, 1, 2].map((bar) => (
          <rect key={bar} x={bar * 4} y={8 - bar * 3} width="3" height={4 + bar * 3} rx="1" fill={bar < level ? color : 'rgba(0,0,0,0.15)'} />
        ))}
      </svg>
      <span style={{ color }}>{priorityLabel(level)}</span>
    </span>
  );
}

interface Props {
  task: Task;
  selected?: boolean;
  onOpen?: (task: Task) => void;
  /** Archive / unarchive in the card menu (list pages). */
  archivable?: boolean;
  /** The task's list and section under the title (personal pages, where tasks of many lists meet). */
  showPlace?: boolean;
  /** Time worked and the tracker control (slot filled by the page: tasks do not know the tracker). */
  timeSlot?: React.ReactNode;
  confirmTodayOff?: TodayOffConfirm;
}

/** A task card: title (the button that opens it), priority, place, members and the personal flags. */
export function TaskCard({ task, selected, onOpen, archivable, showPlace, timeSlot, confirmTodayOff }: Props) {
  const dispatch = useAppDispatch();
  return (
    <Card
      size="small"
      hoverable={Boolean(onOpen)}
      data-testid="task-card"
      role="group"
      aria-label={task.title}
      className={`task-card${selected ? ' task-card-selected' : ''}`}
      onClick={(event) => {
        // The mouse may click anywhere on the card; its buttons (and their menus, rendered
        // elsewhere in the page) act on their own. Keyboard users open it with the title button.
        const target = event.target as Element;
        if (!event.currentTarget.contains(target) || target.closest('.task-card-actions, .task-card-title')) return;
        onOpen?.(task);
      }}
      styles={{ body: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8, rowGap: 2, padding: '6px 8px 6px 12px' } }}
    >
      {/* A narrow card puts its buttons under the title rather than squeezing the title away. */}
      <div style={{ flex: '1 1 160px', minWidth: 0 }}>
        {onOpen ? (
          <button
            type="button"
            className="task-card-title"
            aria-current={selected ? 'true' : undefined}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(task);
            }}
          >
            <Typography.Text ellipsis={{ tooltip: task.title }} style={{ display: 'block' }}>
              {task.title}
            </Typography.Text>
          </button>
        ) : (
          <Typography.Text ellipsis={{ tooltip: task.title }} style={{ display: 'block' }}>
            {task.title}
          </Typography.Text>
        )}
        {(showPlace || task.priority > 0) && (
          <div className="task-card-meta">
            <PriorityMark priority={task.priority} />
            {showPlace && (
              <Typography.Text type="secondary" ellipsis={{ tooltip: `${task.task_list_title} · ${task.section_title}` }} style={{ fontSize: 12, minWidth: 0 }}>
                {task.task_list_title} · {task.section_title}
              </Typography.Text>
            )}
          </div>
        )}
      </div>
      <ActivityCounts task={task} />
      {task.members.length > 0 && (
        <Avatar.Group max={{ count: 3 }} size={22}>
          {task.members.map((m) => (
            <UserAvatar key={m.id} user={m} size={22} />
          ))}
        </Avatar.Group>
      )}
      <span className="task-card-actions">
        {timeSlot}
        <TaskFlagButtons task={task} confirmTodayOff={confirmTodayOff} />
        {archivable && (
          <MenuDropdown
            menu={{
              items: [
                task.archived_yn
                  ? { key: 'unarchive', label: 'Unarchive', onClick: () => dispatch(tasksActions.taskArchiveRequested({ taskId: task.id, archived: false })) }
                  : { key: 'archive', label: 'Archive', onClick: () => dispatch(tasksActions.taskArchiveRequested({ taskId: task.id, archived: true })) },
              ],
            }}
          >
            <Button type="text" className="task-icon-button" aria-label={`Task menu of ${task.title}`} icon={<MoreOutlined />} />
          </MenuDropdown>
        )}
      </span>
    </Card>
  );
}

/** The task's activities (spec 02 §3): how many, how many are new to me, and my drafts. */
function ActivityCounts({ task }: { task: Task }) {
  if (!task.activity_count && !task.unread_activities_count && !task.draft_activities_count) return null;
  const parts = [
    `${task.activity_count} ${task.activity_count === 1 ? 'activity' : 'activities'}`,
    task.unread_activities_count ? `${task.unread_activities_count} unread` : '',
    task.draft_activities_count ? `${task.draft_activities_count} ${task.draft_activities_count === 1 ? 'draft' : 'drafts'}` : '',
  ].filter(Boolean);
  return (
    <span className="task-card-activities" data-testid="task-activity-counts" role="img" title={parts.join(', ')} aria-label={parts.join(', ')}>
      <span aria-hidden="true">{task.activity_count}</span>
      {task.unread_activities_count ? (
        <span className="task-card-unread" aria-hidden="true">
          {task.unread_activities_count} new
        </span>
      ) : null}
    </span>
  );
}
