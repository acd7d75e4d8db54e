import { Segmented, Tooltip } from 'antd';
import type { InOfficeStatus } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { selectStatus, selectToggleInFlight } from '../selectors';
import { statusActions } from '../slice';

/** The colours of the two states, the same as the teammates' status rings (green work, blue break). */
const STATE_STYLE: Record<InOfficeStatus, { color: string; background: string }> = {
  working: { color: '#237804', background: '#f6ffed' },
  taking_break: { color: '#0958d9', background: '#e6f4ff' },
};

/**
 * Working / On a break (spec 01 §2): switches at once, ignores changes while the server answers. The
 * current state is in its colour with today's time in that state next to it; the other option
 * shows only its name.
 */
export function StatusToggle({ workSeconds, breakSeconds }: { workSeconds: number | null; breakSeconds: number | null }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectStatus);
  const inFlight = useAppSelector(selectToggleInFlight);
  if (status !== 'working' && status !== 'taking_break') return null;

  const option = (value: InOfficeStatus, text: string, seconds: number | null, durationTestId: string) => {
    const current = status === value;
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: current ? STATE_STYLE[value].color : undefined, fontWeight: current ? 600 : 400 }}>
        {current && (
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: STATE_STYLE[value].color }} />
        )}
        {/* The selected option carries the status-tag test id: its text is exactly the status label. */}
        <span data-testid={current ? 'status-tag' : undefined}>{text}</span>
        {current && seconds !== null && (
          <span data-testid={durationTestId} className={value === 'working' ? 'status-toggle__work-duration' : undefined} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 400 }}>
            {formatDuration(seconds)}
          </span>
        )}
      </span>
    );
  };
  return (
    <Tooltip title={status === 'working' ? 'Take a break' : 'Back to work'} mouseEnterDelay={0.6}>
      <Segmented<InOfficeStatus>
        value={status}
        // Not disabled while the server answers: a disabled control drops keyboard focus to the
        // page (arrow keys switch the status); a change in flight ignores further ones instead.
        aria-busy={inFlight}
        data-testid="status-toggle"
        aria-label="Working or on a break"
        className={`status-toggle status-toggle--${status}`}
        onChange={(value) => {
          if (!inFlight) dispatch(statusActions.toggleRequested(value));
        }}
        options={[
          { value: 'working', label: option('working', 'Working', workSeconds, 'toggle-work-duration') },
          { value: 'taking_break', label: option('taking_break', 'On a break', breakSeconds, 'toggle-break-duration') },
        ]}
      />
    </Tooltip>
  );
}
