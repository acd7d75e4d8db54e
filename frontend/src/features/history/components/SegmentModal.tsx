import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { checkSegment } from '../../../shared/shiftForm';
import { clockIn, wallClock } from '../../../shared/zoned';

export type SegmentKind = 'working' | 'taking_break';

interface Props {
  kind: SegmentKind | null;
  min: Date;
  max: Date;
  timeZone: string;
  busy: boolean;
  onAdd: (segment: { kind: SegmentKind; start: Date; end: Date }) => void;
  onClose: () => void;
}

/** The add-shift modal (263 px, spec 01 §9): Add Work or Add Break inside a shift. */
export function SegmentModal({ kind, min, max, timeZone, busy, onAdd, onClose }: Props) {
  const [start, setStart] = useState(() => clockIn(min, timeZone));
  const [end, setEnd] = useState(() => clockIn(max, timeZone));
  const first = useFocusOnOpen<HTMLInputElement>(kind !== null);
  const check = checkSegment({ start, end }, { min, max, timeZone, startDate: wallClock(min, timeZone).date });
  const title = kind === 'working' ? 'Add Work' : 'Add Break';
  return (
    <Modal open={kind !== null} width={263} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <form
        className="segment-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (kind && check.start && check.end && check.errors.length === 0) onAdd({ kind, start: check.start, end: check.end });
        }}
      >
        <label htmlFor="segment-start">Start</label>
        <input className="history-input" id="segment-start" ref={first} type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        <label htmlFor="segment-end">End</label>
        <input className="history-input" id="segment-end" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
        {check.errors.map((message) => (
          <Typography.Text key={message} type="danger" role="alert">
            {message}
          </Typography.Text>
        ))}
        <Button type="primary" htmlType="submit" disabled={check.errors.length > 0} loading={busy} block>
          Add
        </Button>
      </form>
    </Modal>
  );
}
