import { useState } from 'react';
import { Button, Popover, Tooltip, Typography } from 'antd';
import {
  BorderOutlined,
  CaretRightOutlined,
  ExclamationCircleFilled,
  HourglassOutlined,
  LoadingOutlined,
  PauseOutlined,
} from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { formatSignedDuration } from '../../../shared/signedDuration';
import { PENDING_TEXT, selectWaitingOn, selectWaitingSeconds } from '../../../shared/outbox/slice';
import { DurationField } from '../../../shared/DurationField';
import { durationVerdict } from '../../../shared/durationInput';
import { NOT_ENOUGH_ON_TASK, ONE_HOUR, OVER_WORK_TIME, TEN_MINUTES, timeAdjustments, typedTimeChange } from '../rules';
import { selectTaskTodaySeconds } from '../selectors';
import { trackerActions } from '../slice';
import '../tracker.css';

export interface TimedTask {
  id: number;
  title: string;
  /** The task's own seconds_worked (shown until today's allocated time is read). */
  seconds_worked: number;
}

interface Props {
  task: TimedTask;
  /** Today's unallocated seconds (work time - tasks time), null until both are known. */
  unallocated: number | null;
  /** The instant (ms) `unallocated` was taken at: the task's time is taken at the same one. */
  now: number;
}

/** Time worked today on a task card, the tracker control and the manage-time popover (spec 02 §4, spec 01 §5). */
export function TaskTimeControls({ task, unallocated, now }: Props) {
  const tracker = useAppSelector((state) => state.tracker.state);
  const running = tracker?.status === 'tracking' && tracker.task === task.id;
  const seconds = useAppSelector((state) => selectTaskTodaySeconds(state, task.id, now, task.seconds_worked));
  return (
    <span className="task-time" data-testid="task-time">
      <span
        className={`task-time__value${running ? ' task-time__value--running' : ''}`}
        data-testid="task-time-value"
        aria-label={`Time on ${task.title} today: ${formatDuration(seconds)}`}
        role="img"
      >
        {formatDuration(seconds)}
      </span>
      <WaitingTime task={task.id} />
      <TrackerButtons task={task} />
      <ManageTimePopover task={task} seconds={seconds} unallocated={unallocated} />
    </span>
  );
}

/** Time changes on this task kept while offline (docs/offline.md): shown beside the server's time, not in it. */
function WaitingTime({ task }: { task: number }) {
  const waiting = useAppSelector((state) => selectWaitingOn(state, 'task_time', task));
  const seconds = useAppSelector((state) => selectWaitingSeconds(state, task));
  if (!waiting) return null;
  return (
    <Tooltip title={PENDING_TEXT}>
      <span className="task-time__pending" data-testid="task-time-pending">
        {seconds === 0 ? 'pending' : `${formatSignedDuration(seconds)} pending`}
      </span>
    </Tooltip>
  );
}

/** Start, or pause and stop (resume and stop when paused); loading for a second after success; an error state. */
export function TrackerButtons({ task }: { task: TimedTask }) {
  const dispatch = useAppDispatch();
  const tracker = useAppSelector((state) => state.tracker.state);
  const { pending, settling, pendingTask, error } = useAppSelector((state) => state.tracker);
  const mine = tracker !== null && tracker.task === task.id && tracker.status !== 'stopped';
  const loading = (pending !== null || settling) && pendingTask === task.id;
  const failed = error !== null && error.task === task.id;
  const errorMark = failed && (
    <Tooltip title={error.message || 'The time tracker failed. Try again.'}>
      <ExclamationCircleFilled className="task-time__error" role="img" aria-label={`Time tracker error: ${error.message}`} data-testid="tracker-error" />
    </Tooltip>
  );
  /** One tracker button: its tooltip, the error and loading states, the action on click. */
  const button = (name: 'start' | 'resume' | 'pause' | 'stop', tip: string, label: string, icon: React.ReactNode, onClick: () => void, busy = loading) => (
    <Tooltip title={tip}>
      <Button
        type="text"
        className={`task-icon-button${name === 'pause' ? ' task-time__active' : ''}`}
        aria-label={label}
        danger={failed}
        disabled={loading}
        icon={busy ? <LoadingOutlined /> : icon}
        data-testid={`tracker-${name}`}
        onClick={onClick}
      />
    </Tooltip>
  );

  if (!mine) {
    return (
      <>
        {button('start', 'Start tracking', `Start tracking time on ${task.title}`, <CaretRightOutlined />, () =>
          dispatch(trackerActions.startRequested({ task: task.id })),
        )}
        {errorMark}
      </>
    );
  }
  return (
    <>
      {tracker.status === 'paused'
        ? button('resume', 'Resume tracking', `Resume tracking time on ${task.title}`, <CaretRightOutlined />, () => dispatch(trackerActions.resumeRequested()))
        : button('pause', 'Pause tracking', `Pause tracking time on ${task.title}`, <PauseOutlined />, () => dispatch(trackerActions.pauseRequested()))}
      {button('stop', 'Stop tracking', `Stop tracking time on ${task.title}`, <BorderOutlined />, () => dispatch(trackerActions.stopRequested()), false)}
      {errorMark}
    </>
  );
}

/** +10m, +1h, -10m, -1h and 'Add all unallocated', each enabled by the allocation rules; a refusal shows the server's words. */
export function ManageTimePopover({ task, seconds, unallocated }: { task: TimedTask; seconds: number; unallocated: number | null }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.tracker.timeChangesInFlight.includes(task.id));
  const refusal = useAppSelector((state) => (state.tracker.timeError?.task === task.id ? state.tracker.timeError.message : null));
  const content = <ManageTimeContent title={task.title} seconds={seconds} unallocated={unallocated} busy={busy} refusal={refusal} onChange={(change) => dispatch(trackerActions.timeChangeRequested({ change: { task: task.id, ...change }, title: task.title }))} />;
  return (
    <Popover trigger="click" placement="bottomRight" title="Manage task time" content={content} destroyOnHidden>
      <Tooltip title="Manage task time">
        <Button type="text" className="task-icon-button" aria-label={`Manage time on ${task.title}`} icon={<HourglassOutlined />} data-testid="manage-time" />
      </Tooltip>
    </Popover>
  );
}

export interface ManageTimeContentProps {
  title: string;
  seconds: number;
  unallocated: number | null;
  busy: boolean;
  refusal: string | null;
  onChange: (change: { seconds?: number; all_unallocated?: boolean }) => void;
}

export function ManageTimeContent({ title, seconds, unallocated, busy, refusal, onChange }: ManageTimeContentProps) {
  const rules = timeAdjustments({ unallocated: unallocated ?? 0, onTask: seconds });
  const [typed, setTyped] = useState('');
  // A typed duration (issue 31): a plain amount sets the task's time today, '+' / '-' change it.
  const echo = (parsed: { seconds: number; relative: boolean }) => {
    const change = typedTimeChange(parsed, seconds);
    if (change > 0 && (unallocated === null || change > unallocated)) return { error: OVER_WORK_TIME };
    if (change < 0 && -change > seconds) return { error: NOT_ENOUGH_ON_TASK };
    if (change === 0) return { error: `The task already has ${formatDuration(seconds)} today.` };
    const verb = change > 0 ? 'Adds' : 'Removes';
    return { text: `${verb} ${formatDuration(Math.abs(change))}: ${formatDuration(seconds)} → ${formatDuration(seconds + change)}` };
  };
  const verdict = durationVerdict(typed, echo);
  const applyTyped = (parsed: { seconds: number; relative: boolean }) => {
    onChange({ seconds: typedTimeChange(parsed, seconds) });
    setTyped('');
  };
  const step = (label: string, change: number, enabled: boolean, what: string) => (
    <Button size="small" disabled={!enabled || busy} title={what} onClick={() => onChange({ seconds: change })}>
      {label}
    </Button>
  );
  return (
    <div className="manage-time" data-testid="manage-time-popover" aria-label={`Manage time on ${title}`} role="group">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        On this task today: <strong>{formatDuration(seconds)}</strong> · Unallocated: <strong data-testid="manage-time-unallocated">{unallocated === null ? '—' : formatDuration(unallocated)}</strong>
      </Typography.Text>
      <div className="manage-time__steps">
        {step('+10m', TEN_MINUTES, rules.add10m, 'Add 10 minutes')}
        {step('+1h', ONE_HOUR, rules.add1h, 'Add 1 hour')}
        {step('-10m', -TEN_MINUTES, rules.remove10m, 'Remove 10 minutes')}
        {step('-1h', -ONE_HOUR, rules.remove1h, 'Remove 1 hour')}
      </div>
      <Button size="small" block disabled={!rules.addAllUnallocated || busy} onClick={() => onChange({ all_unallocated: true })}>
        Add all unallocated
      </Button>
      <form
        className="manage-time__typed"
        onSubmit={(event) => {
          event.preventDefault();
          if (verdict.kind === 'ok' && !busy) applyTyped(verdict.parsed);
        }}
      >
        <DurationField label="Time today (1h30 sets it, +15m adds)" value={typed} onChange={setTyped} echo={echo} onSubmit={busy ? undefined : applyTyped} disabled={busy} testId="manage-time-typed" />
        <Button size="small" htmlType="submit" disabled={verdict.kind !== 'ok' || busy}>
          Apply
        </Button>
      </form>
      {refusal && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }} data-testid="manage-time-error">
          {refusal}
        </Typography.Text>
      )}
    </div>
  );
}
