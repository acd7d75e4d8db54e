import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import type { ShiftModificationRequest, TableShift } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { displayClock, formatDuration } from '../../../shared/time';
import { DurationField } from '../../../shared/DurationField';
import { selectHistory } from '../selectors';
import { historyActions } from '../slice';
import { checkManualShift, endFromDuration, SHIFT_TEXT, type ExistingShift } from '../../../shared/shiftForm';
import { shiftSegments, type SegmentType } from '../timeline';
import { clockIn, formatClockIn, todayIn, wallClock } from '../../../shared/zoned';
import { SegmentModal, type SegmentKind } from './SegmentModal';
import { ClosedNotice } from './ClosedNotice';
import { ShiftTimeline, TimelineLegend } from './ShiftTimeline';

export type ShiftModalTarget = { mode: 'add' } | { mode: 'edit'; shift: TableShift; date: string; user: number };

interface Props {
  target: ShiftModalTarget | null;
  timeZone: string;
  /** allowAddManualShifts: times, Add Work / Add Break and deletion. */
  canEdit: boolean;
  shifts: ExistingShift[];
  /** Why the shift's day is closed (docs/closing.md), or null: closed days are read-only here, and
   *  the member asks for a correction instead. */
  closed?: string | null;
  onClose: () => void;
}

const iso = (at: Date) => at.toISOString();
const LEGEND: SegmentType[] = ['work', 'break', 'manual', 'active', 'processing', 'inactive'];

/** 'Add Manual Shift' / 'Edit Shift' (736 px, spec 01 §2, §4, §5). */
/** The server's refusal of deleting the open shift (apps/work/services/shifts.py), said before asking. */
export const OPEN_SHIFT_DELETE = 'The current shift cannot be deleted. Switch to Invisible mode and then try again.';

export function ShiftModal({ target, timeZone, canEdit: mayEdit, shifts, closed = null, onClose }: Props) {
  const canEdit = mayEdit && !closed;
  const dispatch = useAppDispatch();
  const { editor, segments } = useAppSelector(selectHistory);
  const editing = target?.mode === 'edit' ? target : null;
  const manual = editing ? editing.shift.manual_work_shift_yn : true;
  const initial = useMemo(() => {
    if (!editing) return { date: todayIn(timeZone), start: '', end: '', notes: '' };
    const start = wallClock(editing.shift.start_datetime, timeZone);
    return {
      date: editing.date,
      start: start.time,
      end: editing.shift.end_datetime ? clockIn(editing.shift.end_datetime, timeZone) : '',
      notes: editing.shift.notes,
    };
  }, [editing, timeZone]);
  const [date, setDate] = useState(initial.date);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [notes, setNotes] = useState(initial.notes);
  const [reason, setReason] = useState('');
  const [length, setLength] = useState('');
  const [segmentKind, setSegmentKind] = useState<SegmentKind | null>(null);
  const first = useFocusOnOpen<HTMLInputElement>(target !== null);
  const done = useRef(editor.done);

  // A save or delete that went through closes the dialog (a refusal keeps it, with its dialog).
  useEffect(() => {
    if (editor.done !== done.current) {
      done.current = editor.done;
      setSegmentKind(null);
      onClose();
    }
  }, [editor.done, onClose]);

  useEffect(() => {
    if (editing) dispatch(historyActions.segmentsRequested({ shiftId: editing.shift.id, user: editing.user, date: editing.date }));
  }, [dispatch, editing]);

  const now = new Date();
  const timesEditable = canEdit && manual;
  const check = checkManualShift({ date, start, end }, { timeZone, now, shifts, editingId: editing?.shift.id ?? null });
  const timesChanged = editing ? start !== initial.start || end !== initial.end || date !== initial.date : true;
  const open = editing ? editing.shift.end_datetime === null : false;

  const send = (body: ShiftModificationRequest, success: string) => dispatch(historyActions.shiftSaveRequested({ body, success }));

  const submitTimes = () => {
    if (!check.start || !check.end || check.errors.length) return;
    const go = () => {
      if (check.overlaps) {
        Modal.warning({ title: 'Warning', content: SHIFT_TEXT.overlap, okText: 'OK' });
        return;
      }
      const work_shift = { start_datetime: iso(check.start as Date), end_datetime: iso(check.end as Date) };
      if (editing) {
        send({ work_shift: { id: editing.shift.id, ...work_shift }, change_log: { reason } }, 'Shift saved.');
      } else {
        send({ work_shift: { ...work_shift, work_shift_notes: notes }, change_log: { reason } }, 'Manual shift added.');
      }
    };
    if (!editing && check.endsAfterMidnight) {
      Modal.confirm({ title: 'Warning', content: SHIFT_TEXT.afterMidnight, okText: 'Yes', cancelText: 'No', onOk: go });
    } else {
      go();
    }
  };

  const addSegment = ({ kind, start: from, end: to }: { kind: SegmentKind; start: Date; end: Date }) => {
    if (!editing) return;
    send(
      {
        work_shift: { id: editing.shift.id },
        status_list: [{ status_enum_identifier: kind, start_datetime: iso(from), end_datetime: iso(to) }],
        change_log: { reason },
      },
      kind === 'working' ? 'Work added.' : 'Break added.',
    );
  };

  const remove = () => {
    if (!editing) return;
    Modal.confirm({
      title: 'Delete shift forever?',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => dispatch(historyActions.shiftDeleteRequested({ id: editing.shift.id })),
    });
  };

  const timeline = editing && segments.shiftId === editing.shift.id
    ? shiftSegments(segments.items, { manual: editing.shift.manual_work_shift_yn, now })
    : [];
  const lo = editing ? new Date(editing.shift.start_datetime) : now;
  const hi = editing ? (editing.shift.end_datetime ? new Date(editing.shift.end_datetime) : now) : now;

  return (
    <Modal
      open={target !== null}
      width={736}
      title={editing ? 'Edit Shift' : 'Add Manual Shift'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {editing && closed && <ClosedNotice reason={closed} shift={editing.shift} timeZone={timeZone} initial={initial} />}
      {editing && (
        <section aria-label="Shift timeline" className="shift-modal__timeline">
          <Typography.Text type="secondary">
            {formatClockIn(editing.shift.start_datetime, timeZone)} – {editing.shift.end_datetime ? formatClockIn(editing.shift.end_datetime, timeZone) : 'now'} ·
            {' '}Office {formatDuration(editing.shift.office_hours_in_seconds)} · Break {formatDuration(editing.shift.break_in_seconds)}
            {editing.shift.manual_work_shift_yn ? ' · Manual shift' : ''}
          </Typography.Text>
          <ShiftTimeline segments={timeline} lo={lo} hi={hi} timeZone={timeZone} label="Segments of the shift" height={22} />
          <TimelineLegend types={LEGEND} />
          {canEdit && (
            <Space wrap>
              <Button onClick={() => setSegmentKind('working')} disabled={open}>
                Add Work
              </Button>
              <Button onClick={() => setSegmentKind('taking_break')} disabled={open}>
                Add Break
              </Button>
            </Space>
          )}
        </section>
      )}
      <form
        className="shift-form"
        aria-label={editing ? 'Edit shift' : 'Add manual shift'}
        onSubmit={(event) => {
          event.preventDefault();
          submitTimes();
        }}
      >
        <div className="shift-form__times">
          <div>
            <label htmlFor="shift-date">Date</label>
            <input className="history-input" id="shift-date" ref={first} type="date" value={date} max={todayIn(timeZone)} disabled={!!editing} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div>
            <label htmlFor="shift-start">Start time</label>
            <input className="history-input" id="shift-start" type="time" value={start} disabled={!timesEditable} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <label htmlFor="shift-end">End time</label>
            <input className="history-input" id="shift-end" type="time" value={end} disabled={!timesEditable} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
        {timesEditable && (
          <DurationField
            label="Or type its length (Enter sets the end)"
            value={length}
            onChange={setLength}
            echo={(parsed) => {
              const ends = endFromDuration(start, end, parsed);
              return 'error' in ends ? ends : { text: `Ends at ${displayClock(ends.end)} · ${formatDuration(ends.minutes * 60)}` };
            }}
            onSubmit={(parsed) => {
              const ends = endFromDuration(start, end, parsed);
              if ('error' in ends) return;
              setEnd(ends.end);
              setLength('');
            }}
            placeholder="8h, 7:30, 450"
            testId="shift-length"
          />
        )}
        {timesEditable && check.start && check.end && check.errors.length === 0 && (
          <Typography.Text type="secondary">
            {formatDuration((check.end.getTime() - check.start.getTime()) / 1000)}
            {check.endsAfterMidnight ? ' · ends the next day' : ''}
          </Typography.Text>
        )}
        {timesEditable && timesChanged && (start || end) &&
          check.errors.map((message) => (
            <Typography.Text key={message} type="danger" role="alert">
              {message}
            </Typography.Text>
          ))}
        {!editing && (
          <>
            <label htmlFor="shift-notes">Notes</label>
            <textarea className="history-input" rows={3} id="shift-notes" value={notes} maxLength={5000} onChange={(e) => setNotes(e.target.value)} />
          </>
        )}
        {canEdit && (
          <>
            <label htmlFor="shift-reason">Reason for the change (optional)</label>
            <input className="history-input" id="shift-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </>
        )}
        {timesEditable && (
          <div className="shift-form__actions">
            <Button
              type="primary"
              htmlType="submit"
              loading={editor.busy}
              disabled={check.errors.length > 0 || (editing !== null && !timesChanged)}
            >
              {editing ? 'Save times' : 'Add'}
            </Button>
          </div>
        )}
      </form>
      {editing && (
        <form
          className="shift-form"
          aria-label="Shift note"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch(historyActions.notesSaveRequested({ id: editing.shift.id, notes }));
          }}
        >
          <label htmlFor="shift-note">Shift note</label>
          <textarea className="history-input" rows={3} id="shift-note" value={notes} maxLength={5000} disabled={!!closed} onChange={(e) => setNotes(e.target.value)} />
          {canEdit && open && (
            <Typography.Text type="secondary" id="shift-delete-refused" data-testid="shift-delete-refused">
              {OPEN_SHIFT_DELETE}
            </Typography.Text>
          )}
          <div className="shift-form__actions">
            {canEdit && (
              // The open shift is refused before asking (the server's words, shown up front).
              <Button danger onClick={remove} disabled={open} aria-describedby={open ? 'shift-delete-refused' : undefined}>
                Delete shift
              </Button>
            )}
            <Button htmlType="submit" disabled={notes === initial.notes || !!closed} title={closed ? `This day is closed: ${closed}.` : undefined} loading={editor.busy}>
              Save note
            </Button>
          </div>
        </form>
      )}
      {editing && segmentKind && (
        <SegmentModal
          kind={segmentKind}
          min={lo}
          max={hi}
          timeZone={timeZone}
          busy={editor.busy}
          onAdd={addSegment}
          onClose={() => setSegmentKind(null)}
        />
      )}
    </Modal>
  );
}
