import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { ShiftModificationRequest } from '../../../api/types';
import { checkManualShift, type ExistingShift } from '../../../shared/shiftForm';
import { formatDuration } from '../../../shared/time';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { todayIn } from '../../../shared/zoned';
import { submitManualShift } from '../manualShift';

export interface AddShiftTarget {
  date: string;
  start: string;
  end: string;
  notes?: string;
}

interface Props {
  target: AddShiftTarget;
  timeZone: string;
  shifts: ExistingShift[];
  busy: boolean;
  /** Counts saved shifts: the dialog closes when it changes. */
  done: number;
  onSend: (body: ShiftModificationRequest) => void;
  onClose: () => void;
}

/** 'Add Manual Shift' from a range of the calendar: History's form, rules and messages. */
export function AddShiftModal({ target, timeZone, shifts, busy, done, onSend, onClose }: Props) {
  const [date, setDate] = useState(target.date);
  const [start, setStart] = useState(target.start);
  const [end, setEnd] = useState(target.end);
  const [notes, setNotes] = useState(target.notes ?? '');
  const [reason, setReason] = useState('');
  const first = useFocusOnOpen<HTMLInputElement>(true);
  const seen = useRef(done);
  useEffect(() => {
    if (done !== seen.current) onClose();
  }, [done, onClose]);

  const check = checkManualShift({ date, start, end }, { timeZone, now: new Date(), shifts });
  const submit = () => submitManualShift(check, { notes, reason }, onSend);

  return (
    <Modal open width={736} title="Add Manual Shift" onCancel={onClose} footer={null} destroyOnHidden>
      <form
        className="calendar-form"
        aria-label="Add manual shift"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="calendar-form__times">
          <div>
            <label htmlFor="calendar-shift-date">Date</label>
            <input className="calendar-input" id="calendar-shift-date" ref={first} type="date" value={date} max={todayIn(timeZone)} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div>
            <label htmlFor="calendar-shift-start">Start time</label>
            <input className="calendar-input" id="calendar-shift-start" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <label htmlFor="calendar-shift-end">End time</label>
            <input className="calendar-input" id="calendar-shift-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
        {check.start && check.end && check.errors.length === 0 && (
          <Typography.Text type="secondary">
            {formatDuration((check.end.getTime() - check.start.getTime()) / 1000)}
            {check.endsAfterMidnight ? ' · ends the next day' : ''}
          </Typography.Text>
        )}
        {check.errors.map((message) => (
          <Typography.Text key={message} type="danger" role="alert">
            {message}
          </Typography.Text>
        ))}
        <label htmlFor="calendar-shift-notes">Notes</label>
        <textarea className="calendar-input" rows={3} id="calendar-shift-notes" value={notes} maxLength={5000} onChange={(e) => setNotes(e.target.value)} />
        <label htmlFor="calendar-shift-reason">Reason for the change (optional)</label>
        <input className="calendar-input" id="calendar-shift-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <div className="calendar-form__actions">
          <Button type="primary" htmlType="submit" loading={busy} disabled={check.errors.length > 0}>
            Add
          </Button>
        </div>
      </form>
    </Modal>
  );
}
