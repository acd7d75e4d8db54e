import { Modal } from 'antd';
import type { CalendarRead, ShiftModificationRequest } from '../../api/types';
import { SHIFT_TEXT, type ExistingShift, type ManualShiftCheck } from '../../shared/shiftForm';

/** The member's shifts as the shown days hold them (the overlap check before sending; the server
 *  checks again against every shift). */
export function shiftsOf(data: CalendarRead | null): ExistingShift[] {
  const byId = new Map<number, ExistingShift>();
  for (const day of data?.days ?? []) {
    for (const block of day.blocks) {
      if (block.shift_id === null) continue;
      const start = new Date(block.start);
      const end = block.end ? new Date(block.end) : null;
      const known = byId.get(block.shift_id);
      if (!known) byId.set(block.shift_id, { id: block.shift_id, start, end });
      else {
        if (start < known.start) known.start = start;
        known.end = known.end === null || end === null ? null : end > known.end ? end : known.end;
      }
    }
  }
  return [...byId.values()];
}

/**
 * Send a checked manual shift with History's rules (spec 01 §5): ask first when it ends after
 * midnight, warn and stop when it overlaps a shift. `send` receives the request body.
 */
export function submitManualShift(
  check: ManualShiftCheck,
  { notes, reason }: { notes: string; reason: string },
  send: (body: ShiftModificationRequest) => void,
): void {
  if (!check.start || !check.end || check.errors.length) return;
  const { start, end } = check;
  const go = () => {
    if (check.overlaps) {
      Modal.warning({ title: 'Warning', content: SHIFT_TEXT.overlap, okText: 'OK' });
      return;
    }
    send({
      work_shift: { start_datetime: start.toISOString(), end_datetime: end.toISOString(), work_shift_notes: notes },
      change_log: { reason },
    });
  };
  if (check.endsAfterMidnight) {
    Modal.confirm({ title: 'Warning', content: SHIFT_TEXT.afterMidnight, okText: 'Yes', cancelText: 'No', onOk: go });
  } else {
    go();
  }
}
