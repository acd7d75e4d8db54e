import { addDays, zonedInstant } from './zoned';

// The shift forms' rules (spec 01 §5), the same texts as the server's (apps/work/services/shifts.py).
export const SHIFT_TEXT = {
  startOutside: 'The start time must be within the start and end times of the shift.',
  endOutside: 'The end time must be within the start and end times of the shift.',
  endNotAfterStart: 'The end time must be after the start time.',
  future: 'A shift cannot end in the future.',
  required: 'Enter a date, a start time and an end time.',
  overlap: 'The time period can not overlap with an existing shift.',
  afterMidnight: 'Are you sure you want to create a shift which ends after midnight?',
} as const;

const MINUTE = 60_000;
/** Times are compared at minute precision. */
export const toMinute = (instant: Date): number => Math.floor(instant.getTime() / MINUTE);

export interface ManualShiftInput {
  /** 'YYYY-MM-DD' in the member's zone */
  date: string;
  /** 'HH:mm' */
  start: string;
  end: string;
}

export interface ExistingShift {
  id: number;
  start: Date;
  /** null: open (counts up to now) */
  end: Date | null;
}

export interface ManualShiftCheck {
  /** Messages that keep the form from being sent (the Add button is disabled). */
  errors: string[];
  start: Date | null;
  end: Date | null;
  /** The end is not after the start on the clock: the shift ends the next day (asks first). */
  endsAfterMidnight: boolean;
  /** It overlaps another shift (a Warning, and the server refuses it too). */
  overlaps: boolean;
}

/** Check a manual shift typed as a date and two times in `timeZone`. */
export function checkManualShift(
  input: ManualShiftInput,
  { timeZone, now, shifts, editingId = null }: { timeZone: string; now: Date; shifts: ExistingShift[]; editingId?: number | null },
): ManualShiftCheck {
  if (!input.date || !input.start || !input.end) {
    return { errors: [SHIFT_TEXT.required], start: null, end: null, endsAfterMidnight: false, overlaps: false };
  }
  const endsAfterMidnight = input.end <= input.start;
  const start = zonedInstant(input.date, input.start, timeZone);
  const end = zonedInstant(endsAfterMidnight ? addDays(input.date, 1) : input.date, input.end, timeZone);
  const errors: string[] = [];
  if (toMinute(end) > toMinute(now)) errors.push(SHIFT_TEXT.future);
  const overlaps = shifts.some(
    (shift) =>
      shift.id !== editingId &&
      toMinute(start) < toMinute(shift.end ?? now) &&
      toMinute(shift.start) < toMinute(end),
  );
  return { errors, start, end, endsAfterMidnight, overlaps };
}

export interface SegmentCheck {
  errors: string[];
  start: Date | null;
  end: Date | null;
}

/**
 * Add Work / Add Break inside a shift: both times within the shift's start and end (to the
 * minute). Times are typed as 'HH:mm' on the shift's start date, or the next day when the shift
 * runs past midnight and the time is earlier than its start.
 */
export function checkSegment(
  times: { start: string; end: string },
  { min, max, timeZone, startDate }: { min: Date; max: Date; timeZone: string; startDate: string },
): SegmentCheck {
  if (!times.start || !times.end) return { errors: [SHIFT_TEXT.required], start: null, end: null };
  const on = (time: string) => {
    const same = zonedInstant(startDate, time, timeZone);
    return toMinute(same) < toMinute(min) ? zonedInstant(addDays(startDate, 1), time, timeZone) : same;
  };
  const start = on(times.start);
  const end = on(times.end);
  const errors: string[] = [];
  const within = (at: Date) => toMinute(min) <= toMinute(at) && toMinute(at) <= toMinute(max);
  if (!within(start)) errors.push(SHIFT_TEXT.startOutside);
  if (!within(end)) errors.push(SHIFT_TEXT.endOutside);
  if (errors.length === 0 && toMinute(end) <= toMinute(start)) errors.push(SHIFT_TEXT.endNotAfterStart);
  return { errors, start, end };
}

const clockMinutes = (hhmm: string) => {
  const [hour, minute] = hhmm.split(':').map(Number);
  return hour * 60 + minute;
};

/**
 * The end time a typed length gives a shift starting at `start` (issue 31): a plain amount is the
 * shift's length, '+' / '-' lengthen or shorten the length the times give now.
 */
export function endFromDuration(start: string, end: string, parsed: { seconds: number; relative: boolean }): { end: string; minutes: number } | { error: string } {
  if (!start) return { error: 'Enter a start time first.' };
  const from = clockMinutes(start);
  const now = end ? (clockMinutes(end) - from + 24 * 60) % (24 * 60) : 0;
  const minutes = parsed.relative ? now + parsed.seconds / 60 : parsed.seconds / 60;
  if (minutes <= 0) return { error: 'A shift must last at least a minute.' };
  if (minutes >= 24 * 60) return { error: 'A shift lasts less than 24h.' };
  const at = (from + minutes) % (24 * 60);
  return { end: `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`, minutes };
}
