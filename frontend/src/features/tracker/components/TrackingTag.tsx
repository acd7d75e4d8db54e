import { Tooltip } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../shared/hooks';
import '../tracker.css';

const LOOK = {
  tracking: { text: 'Tracking', icon: <PlayCircleOutlined aria-hidden /> },
  paused: { text: 'Paused', icon: <PauseCircleOutlined aria-hidden /> },
  stopped: { text: 'Stopped', icon: <StopOutlined aria-hidden /> },
} as const;

/** The header's tracking tag: the server's tracker state (every device's), updated live by tracker_state. */
export function TrackingTag({ compact = false }: { compact?: boolean }) {
  const tracker = useAppSelector((state) => state.tracker.state);
  const title = useAppSelector((state) => {
    const id = state.tracker.state?.task ?? null;
    if (id === null) return null;
    for (const project of state.tracker.allocated?.allocated_time ?? []) {
      const row = project.tasks.find((t) => t.task.id === id);
      if (row) return row.task.title;
    }
    return null;
  });
  if (!tracker) return null;
  const look = LOOK[tracker.status];
  const about = tracker.status === 'stopped' ? 'Time tracker: stopped' : `Time tracker: ${look.text.toLowerCase()}${title ? ` on ${title}` : ''}`;
  return (
    <Tooltip title={about}>
      <span
        className={`tracking-tag tracking-tag--${tracker.status}`}
        data-testid="tracking-tag"
        data-status={tracker.status}
        role="status"
        aria-label={about}
      >
        {look.icon}
        {!compact && look.text}
        {!compact && title && tracker.status !== 'stopped' && <span className="tracking-tag__task">· {title}</span>}
      </span>
    </Tooltip>
  );
}
