import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { TableShift } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { addDays } from '../../../shared/dates';
import { wallClock, zonedInstant } from '../../../shared/zoned';
import { selectHistory } from '../selectors';
import { historyActions } from '../slice';

interface Props {
  reason: string;
  shift: TableShift;
  timeZone: string;
  initial: { date: string; start: string; end: string };
}

/** A closed day's shift (docs/closing.md): why it is read-only, and 'Ask for a correction' of its
 * start and end with a reason, which an approver accepts or declines. */
export function ClosedNotice({ reason, shift, timeZone, initial }: Props) {
  const dispatch = useAppDispatch();
  const { editor } = useAppSelector(selectHistory);
  const [asking, setAsking] = useState(false);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [why, setWhy] = useState('');
  const send = () => {
    const from = zonedInstant(initial.date, start, timeZone);
    const endDate = end <= start ? addDays(initial.date, 1) : initial.date;
    const to = zonedInstant(endDate, end, timeZone);
    dispatch(
      historyActions.correctionRequested({
        kind: 'shift_times',
        shift: shift.id,
        start_datetime: from.toISOString(),
        end_datetime: to.toISOString(),
        reason: why.trim(),
      }),
    );
  };
  const startsOn = wallClock(shift.start_datetime, timeZone).date;
  return (
    <div className="closed-notice" data-testid="shift-closed">
      <Alert type="info" showIcon title={`This day is closed: ${startsOn} ${reason}.`} description="Its shifts, notes and task time are read-only. Ask for a correction instead." />
      {!asking ? (
        <Button onClick={() => setAsking(true)} style={{ marginTop: 8 }}>
          Ask for a correction
        </Button>
      ) : (
        <form
          className="shift-form"
          aria-label="Ask for a correction"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <div className="shift-form__times">
            <div>
              <label htmlFor="correction-start">Correct start</label>
              <input className="history-input" id="correction-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
            </div>
            <div>
              <label htmlFor="correction-end">Correct end</label>
              <input className="history-input" id="correction-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
            </div>
          </div>
          <label htmlFor="correction-reason">Why</label>
          <input className="history-input" id="correction-reason" value={why} maxLength={500} onChange={(e) => setWhy(e.target.value)} />
          <div className="shift-form__actions">
            <Button type="primary" htmlType="submit" loading={editor.busy} disabled={!why.trim() || !start || !end}>
              Send correction
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
