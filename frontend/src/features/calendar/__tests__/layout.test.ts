import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarDay, CalendarRead } from '../../../api/types';
import { readPreferencesFrom } from '../../../shared/time';
import { dayStart, liveWorked, place, rangeTotals, timeRange } from '../layout';
import { shiftsOf } from '../manualShift';

const day = (extra: Partial<CalendarDay>): CalendarDay => ({
  date: '2026-03-29',
  iso_week: 13,
  blocks: [],
  planned: [],
  tasks: [],
  worked_seconds: 0,
  break_seconds: 0,
  planned_seconds: 0,
  task_seconds: 0,
  ...extra,
});

afterEach(() => readPreferencesFrom(() => null));

describe('where blocks sit', () => {
  it('places by minutes since the local midnight, on a DST day too', () => {
    // Lisbon, 29 March 2026: the clocks jump at 01:00 UTC; 09:00 local is 08:00 UTC.
    const origin = dayStart('2026-03-29', 'Europe/Lisbon');
    expect(origin.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(place('2026-03-29T08:00:00Z', '2026-03-29T10:00:00Z', origin)).toEqual({ top: 8 * 60, height: 120 });
    // Clipped to the grid's 24 hours.
    expect(place('2026-03-29T23:00:00Z', '2026-03-30T03:00:00Z', origin)).toEqual({ top: 23 * 60, height: 60 });
  });

  it('the open block grows from the server’s now', () => {
    const open = day({
      worked_seconds: 3600,
      blocks: [{ status: 'working', start: '2026-03-29T08:00:00Z', end: null, shift_id: 1, manual: false }],
    });
    const now = new Date('2026-03-29T09:10:00Z');
    expect(liveWorked(open, '2026-03-29T09:00:00Z', now)).toEqual({ worked: 4200, pause: 0 });
    const data = { days: [open, day({ date: '2026-03-30', planned_seconds: 600, task_seconds: 60 })], now: '2026-03-29T09:00:00Z' } as CalendarRead;
    expect(rangeTotals(data, null, now)).toEqual({ worked: 4200, pause: 0, planned: 600, tasks: 60 });
    expect(rangeTotals(data, '2026-04', now)).toEqual({ worked: 0, pause: 0, planned: 0, tasks: 0 });
  });

  it('reads times on the user’s clock', () => {
    expect(timeRange('2026-03-29T12:30:00Z', null, 'Europe/Lisbon')).toBe('13:30 – now');
    readPreferencesFrom(() => ({ clock_format: '12h' }));
    expect(timeRange('2026-03-29T12:30:00Z', '2026-03-29T23:05:00Z', 'Europe/Lisbon')).toBe('1:30 PM – 12:05 AM');
  });

  it('a shift cut at midnight is one shift for the overlap check', () => {
    const data = {
      days: [
        day({ blocks: [{ status: 'working', start: '2026-03-28T22:00:00Z', end: '2026-03-29T00:00:00Z', shift_id: 5, manual: false }] }),
        day({ blocks: [{ status: 'working', start: '2026-03-29T00:00:00Z', end: '2026-03-29T02:00:00Z', shift_id: 5, manual: false }] }),
      ],
    } as CalendarRead;
    expect(shiftsOf(data)).toEqual([{ id: 5, start: new Date('2026-03-28T22:00:00Z'), end: new Date('2026-03-29T02:00:00Z') }]);
  });
});
