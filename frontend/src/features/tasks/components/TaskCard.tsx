import { Avatar, Button, Card, Dropdown, Tooltip, Typography } from 'antd';
import { CalendarOutlined, ClockCircleFilled, ClockCircleOutlined, CalendarFilled, MoreOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Task } from '../../../api/types';
import type { TaskFlag } from '../../../api/projects';
import { useAppDispatch } from '../../../shared/hooks';
import { UserAvatar } from '../../../shared/UserAvatar';
import { tasksActions } from '../slice';
import { useFlagToggle } from '../useFlagToggle';

const FLAG_BUTTONS: { flag: TaskFlag; on: React.ReactNode; off: React.ReactNode; label: string; color: string }[] = [
  { flag: 'today_yn', on: <ClockCircleFilled />, off: <ClockCircleOutlined />, label: 'Today', color: '#1677ff' },
  { flag: 'next_shift_yn', on: <CalendarFilled />, off: <CalendarOutlined />, label: 'Next Workday', color: '#722ed1' },
  { flag: 'starred_yn', on: <StarFilled />, off: <StarOutlined />, label: 'Starred', color: '#faad14' },
];

interface Props {
  task: Task;
  selected?: boolean;
  onOpen?: (task: Task) => void;
  /** Archive / unarchive in the card menu (list pages). */
  archivable?: boolean;
}

/** A task card: title, members and the personal flags (Today, Next Workday, Starred). */
export function TaskCard({ task, selected, onOpen, archivable }: Props) {
  const toggle = useFlagToggle();
  const dispatch = useAppDispatch();
  return (
    <Card
      size="small"
      hoverable={Boolean(onOpen)}
      data-testid="task-card"
      role="group"
      aria-label={task.title}
      onClick={() => onOpen?.(task)}
      style={{ borderColor: selected ? '#1677ff' : undefined, boxShadow: selected ? '0 0 0 1px #1677ff' : undefined }}
      styles={{ body: { display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px' } }}
    >
      {onOpen ? (
        // The title opens the task from the keyboard (Tab, Enter); a click anywhere on the card does too.
        <button
          type="button"
          className="task-card__open"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(task);
          }}
        >
          <Typography.Text ellipsis={{ tooltip: task.title }}>{task.title}</Typography.Text>
        </button>
      ) : (
        <Typography.Text style={{ flex: 1 }} ellipsis={{ tooltip: task.title }}>
          {task.title}
        </Typography.Text>
      )}
      <Avatar.Group max={{ count: 3 }} size={22}>
        {task.members.map((m) => (
          <UserAvatar key={m.id} user={m} size={22} />
        ))}
      </Avatar.Group>
      {/* Not a control: it keeps the flag buttons' clicks from opening the task. */}
      <span role="presentation" onClick={(e) => e.stopPropagation()} style={{ display: 'flex' }}>
        {FLAG_BUTTONS.map(({ flag, on, off, label, color }) => (
          <Tooltip key={flag} title={task[flag] ? `Remove from ${label}` : `Add to ${label}`}>
            <Button
              type="text"
              size="small"
              aria-label={task[flag] ? `Remove from ${label}` : `Add to ${label}`}
              aria-pressed={task[flag]}
              icon={task[flag] ? on : off}
              style={{ color: task[flag] ? color : 'rgba(0,0,0,0.35)' }}
              onClick={() => toggle(task.id, flag, !task[flag])}
            />
          </Tooltip>
        ))}
        {archivable && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                task.archived_yn
                  ? { key: 'unarchive', label: 'Unarchive', onClick: () => dispatch(tasksActions.taskArchiveRequested({ taskId: task.id, archived: false })) }
                  : { key: 'archive', label: 'Archive', onClick: () => dispatch(tasksActions.taskArchiveRequested({ taskId: task.id, archived: true })) },
              ],
            }}
          >
            <Button type="text" size="small" aria-label={`Task menu of ${task.title}`} icon={<MoreOutlined />} />
          </Dropdown>
        )}
      </span>
    </Card>
  );
}
