import { describe, expect, it } from 'vitest';
import { checkManualShift, checkSegment, SHIFT_TEXT } from '../shiftForm';

const TZ = 'Europe/Lisbon';
const now = new Date('2026-03-30T18:00:00Z');
const at = (iso: string) => new Date(iso);

describe('manual shift form (spec 01 §5)', () => {
  it('needs a date, a start and an end', () => {
    expect(checkManualShift({ date: '2026-03-28', start: '', end: '10:00' }, { timeZone: TZ, now, shifts: [] }).errors).toEqual([SHIFT_TEXT.required]);
  });

  it('reads the times in the member’s zone, across the DST change', () => {
    // 2026-03-29 in Lisbon: 09:00 is already summer time (UTC+1).
    const check = checkManualShift({ date: '2026-03-29', start: '09:00', end: '13:30' }, { timeZone: TZ, now, shifts: [] });
    expect(check.errors).toEqual([]);
    expect(check.start?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(check.end?.toISOString()).toBe('2026-03-29T12:30:00.000Z');
    expect(check.endsAfterMidnight).toBe(false);
  });

  it('an end not after the start ends the next day and asks first', () => {
    const check = checkManualShift({ date: '2026-03-28', start: '22:00', end: '02:00' }, { timeZone: TZ, now, shifts: [] });
    expect(check.endsAfterMidnight).toBe(true);
    // 22:00 winter time to 02:00 on the 29th, after the jump at 01:00: three hours.
    expect(check.start?.toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(check.end?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(check.errors).toEqual([]);
  });

  it('refuses a shift that ends in the future', () => {
    const check = checkManualShift({ date: '2026-03-30', start: '17:00', end: '20:00' }, { timeZone: TZ, now, shifts: [] });
    expect(check.errors).toEqual([SHIFT_TEXT.future]);
  });

  it('finds an overlap with another shift to the minute, not with the one being edited', () => {
    const shifts = [{ id: 7, start: at('2026-03-27T09:00:00Z'), end: at('2026-03-27T12:00:30Z') }];
    const touching = checkManualShift({ date: '2026-03-27', start: '12:00', end: '13:00' }, { timeZone: TZ, now, shifts });
    expect(touching.overlaps).toBe(false);
    const inside = checkManualShift({ date: '2026-03-27', start: '11:00', end: '13:00' }, { timeZone: TZ, now, shifts });
    expect(inside.overlaps).toBe(true);
    expect(checkManualShift({ date: '2026-03-27', start: '11:00', end: '13:00' }, { timeZone: TZ, now, shifts, editingId: 7 }).overlaps).toBe(false);
    const open = checkManualShift({ date: '2026-03-30', start: '16:00', end: '17:00' }, {
      timeZone: TZ,
      now,
      shifts: [{ id: 9, start: at('2026-03-30T15:30:00Z'), end: null }],
    });
    expect(open.overlaps).toBe(true);
  });
});

describe('Add Work / Add Break inside a shift', () => {
  const min = at('2026-03-27T09:00:17Z');
  const max = at('2026-03-27T17:00:40Z');
  const shift = { min, max, timeZone: 'UTC', startDate: '2026-03-27' };

  it('accepts the shift’s first and last minutes', () => {
    expect(checkSegment({ start: '09:00', end: '17:00' }, shift).errors).toEqual([]);
  });

  it('says which time is outside the shift', () => {
    expect(checkSegment({ start: '08:59', end: '12:00' }, shift).errors).toEqual([SHIFT_TEXT.startOutside]);
    expect(checkSegment({ start: '12:00', end: '17:01' }, shift).errors).toEqual([SHIFT_TEXT.endOutside]);
    expect(checkSegment({ start: '12:00', end: '11:00' }, shift).errors).toEqual([SHIFT_TEXT.endNotAfterStart]);
  });

  it('reads times after midnight on the next day for a night shift', () => {
    const night = { min: at('2026-03-27T22:00:00Z'), max: at('2026-03-28T02:00:00Z'), timeZone: 'UTC', startDate: '2026-03-27' };
    const check = checkSegment({ start: '23:30', end: '00:30' }, night);
    expect(check.errors).toEqual([]);
    expect(check.end?.toISOString()).toBe('2026-03-28T00:30:00.000Z');
  });
});
