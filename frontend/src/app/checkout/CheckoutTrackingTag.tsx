import { useState } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../shared/hooks';

const LOOK = {
  tracking: { text: 'Tracking', icon: <PlayCircleOutlined aria-hidden /> },
  paused: { text: 'Paused', icon: <PauseCircleOutlined aria-hidden /> },
  stopped: { text: 'Stopped', icon: <StopOutlined aria-hidden /> },
} as const;

export const STOPPED_HINT = 'No task timer is running. Start one on a task card to track time on it.';

/**
 * The checkout's tracking tag (spec 01 §2): the same server tracker state as the header's tag
 * (the tracker slice, updated live by tracker_state), with the task; stopped, a hover / focus
 * popover says so and has a Close button. It lives in app/ because it reads the tracker's state
 * and is handed to the checkout (features do not import each other).
 */
export function CheckoutTrackingTag() {
  const tracker = useAppSelector((state) => state.tracker?.state ?? null);
  const title = useAppSelector((state) => {
    const id = state.tracker?.state?.task ?? null;
    if (id === null) return null;
    for (const project of state.tracker?.allocated?.allocated_time ?? []) {
      const row = project.tasks.find((t) => t.task.id === id);
      if (row) return row.task.title;
    }
    return null;
  });
  const [open, setOpen] = useState(false);
  if (!tracker) return null;
  const look = LOOK[tracker.status];
  const stopped = tracker.status === 'stopped';
  const about = stopped ? 'Time tracker: stopped' : `Time tracker: ${look.text.toLowerCase()}${title ? ` on ${title}` : ''}`;
  const inner = (
    <>
      {look.icon}
      {look.text}
      {title && !stopped && <span className="tracking-tag__task">· {title}</span>}
    </>
  );
  const className = `tracking-tag tracking-tag--${tracker.status}`;
  // Stopped, the tag opens a popover: a button, so the keyboard reaches it too.
  const tag = stopped ? (
    <button type="button" className={`${className} checkout-tracking__button`} data-testid="checkout-tracking-tag" data-status={tracker.status} aria-label={about}>
      {inner}
    </button>
  ) : (
    <span className={className} data-testid="checkout-tracking-tag" data-status={tracker.status} role="status" aria-label={about}>
      {inner}
    </span>
  );
  if (!stopped) return <Tooltip title={about}>{tag}</Tooltip>;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger={['hover', 'focus']}
      title="Time tracker: stopped"
      content={
        <div className="checkout-tracking__popover" data-testid="checkout-tracking-popover">
          <p>{STOPPED_HINT}</p>
          <Button size="small" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      }
    >
      {tag}
    </Popover>
  );
}
