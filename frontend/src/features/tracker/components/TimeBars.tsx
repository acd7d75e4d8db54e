import { Button, Tooltip, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { runningProjectSeconds } from '../timeBars';
import '../tracker.css';

interface Props {
  /** Now (ms), ticking while the tracker runs. */
  now: number;
  /** The day's work time (Office time), the scale of every bar. */
  officeSeconds: number;
  tasksSeconds: number | null;
  unallocated: number | null;
  /** Remove a project's tasks from Today (asks first); absent: no remove buttons. */
  onRemoveProject?: (project: { id: number; title: string; seconds: number }) => void;
}

/** Today's time per project as bars (spec 02 §2), then the totals 'Tasks time' and 'Unallocated'. */
export function TimeBars({ now, officeSeconds, tasksSeconds, unallocated, onRemoveProject }: Props) {
  const rows = useAppSelector((state) => runningProjectSeconds(state.tracker, now));
  const scale = Math.max(officeSeconds, tasksSeconds ?? 0, 1);
  return (
    <div className="time-bars" data-testid="time-bars">
      <dl className="time-totals">
        <div>
          <dt>Tasks time</dt>
          <dd data-testid="today-tasks-time">{tasksSeconds === null ? '—' : formatDuration(tasksSeconds)}</dd>
        </div>
        <div>
          <dt>Unallocated</dt>
          <dd data-testid="today-unallocated">{unallocated === null ? '—' : formatDuration(unallocated)}</dd>
        </div>
      </dl>
      {rows.length === 0 && <Typography.Text type="secondary">No time on tasks today yet. Start the tracker on a task or add time by hand.</Typography.Text>}
      {rows.map((row) => {
        const percent = Math.min(100, (row.seconds / scale) * 100);
        return (
          <div key={row.id} className="time-bars__row" data-testid="time-bar">
            <span className="time-bars__title">{row.title}</span>
            <div
              className="time-bars__track"
              role="meter"
              aria-label={`${row.title}: ${formatDuration(row.seconds)} of ${formatDuration(officeSeconds)} office time`}
              aria-valuemin={0}
              aria-valuemax={scale}
              aria-valuenow={Math.min(row.seconds, scale)}
            >
              <div className="time-bars__fill" style={{ width: `${percent}%`, background: row.color }} />
            </div>
            <span className="time-bars__value">{formatDuration(row.seconds)}</span>
            <span>
              {onRemoveProject && (
                <Tooltip title="Remove from Today">
                  <Button
                    type="text"
                    size="small"
                    className="task-icon-button"
                    aria-label={`Remove ${row.title} from Today`}
                    icon={<CloseOutlined />}
                    onClick={() => onRemoveProject({ id: row.id, title: row.title, seconds: row.seconds })}
                  />
                </Tooltip>
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}
