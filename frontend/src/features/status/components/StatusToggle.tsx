import { Segmented, Tooltip } from 'antd';
import type { InOfficeStatus } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { selectCounters, selectStatus, selectToggleInFlight } from '../selectors';
import { statusActions } from '../slice';

/** Working / On a break (spec 01 §2): switches at once, disabled while the server answers. */
export function StatusToggle() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectStatus);
  const counters = useAppSelector(selectCounters);
  const inFlight = useAppSelector(selectToggleInFlight);
  if (status !== 'working' && status !== 'taking_break') return null;

  // The selected option carries the status-tag test id: its text is exactly the status label.
  const label = (value: InOfficeStatus, text: string) => (
    <span data-testid={status === value ? 'status-tag' : undefined}>{text}</span>
  );
  return (
    <Tooltip title={status === 'working' ? 'Take a break' : 'Back to work'} mouseEnterDelay={0.6}>
      <Segmented<InOfficeStatus>
        value={status}
        disabled={inFlight}
        data-testid="status-toggle"
        onChange={(value) => dispatch(statusActions.toggleRequested(value))}
        options={[
          { value: 'working', label: label('working', 'Working') },
          {
            value: 'taking_break',
            label: (
              <span style={{ display: 'inline-flex', gap: 6 }}>
                {label('taking_break', 'On a break')}
                <span data-testid="toggle-break-duration" style={{ fontVariantNumeric: 'tabular-nums', opacity: 0.75 }}>
                  {formatDuration(counters.breakSeconds)}
                </span>
              </span>
            ),
          },
        ]}
      />
    </Tooltip>
  );
}
