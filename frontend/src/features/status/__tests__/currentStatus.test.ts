import { describe, expect, it } from 'vitest';
import type { StatusRecord } from '../../../api/types';
import { zonedInstant } from '../../../shared/zoned';
import { decideCurrentStatus } from '../currentStatus';

const LISBON = 'Europe/Lisbon';
const now = zonedInstant('2026-11-21', '15:00', LISBON);
const at = (date: string, time: string, zone = LISBON) => zonedInstant(date, time, zone).toISOString();
const record = (overrides: Partial<StatusRecord>): StatusRecord => ({
  id: 1,
  status_enum_identifier: 'working',
  start_datetime: at('2026-11-21', '09:00'),
  end_datetime: null,
  deleted_yn: false,
  ...overrides,
});
const kept = { status: 'working', leaveOffice: false };
const left = { status: 'out_of_office', leaveOffice: true };

describe('decideCurrentStatus', () => {
  it('applies an open status that started today', () => {
    expect(decideCurrentStatus(record({}), LISBON, now)).toEqual(kept);
    expect(decideCurrentStatus(record({ status_enum_identifier: 'taking_break' }), LISBON, now)).toEqual({
      status: 'taking_break',
      leaveOffice: false,
    });
  });

  it('leaves the office for a status from an earlier day', () => {
    expect(decideCurrentStatus(record({ start_datetime: at('2026-11-20', '22:00') }), LISBON, now)).toEqual(left);
  });

  it('leaves the office for a status that has ended', () => {
    expect(decideCurrentStatus(record({ end_datetime: at('2026-11-21', '12:00') }), LISBON, now)).toEqual(left);
  });

  it('takes out_of_office as it is', () => {
    const out = record({ id: null, status_enum_identifier: 'out_of_office', start_datetime: null });
    expect(decideCurrentStatus(out, LISBON, now)).toEqual({ status: 'out_of_office', leaveOffice: false });
  });

  // The rule is the server's (work days are dates in the member's profile zone), so the browser's
  // own zone never enters: a member in New York whose browser says Lisbon, at 00:30 in Lisbon, is
  // still on the day that began at 18:30 Lisbon time.
  it("reads today in the member's zone, not the browser's", () => {
    const york = 'America/New_York';
    const started = record({ start_datetime: at('2026-11-21', '23:30', LISBON) }); // 18:30 in New York
    const asked = zonedInstant('2026-11-22', '00:30', LISBON); // 19:30 in New York
    expect(decideCurrentStatus(started, york, asked)).toEqual(kept);
    expect(decideCurrentStatus(started, LISBON, asked)).toEqual(left);
  });

  it('keeps a record the server split at midnight when the question left before it', () => {
    const split = record({ start_datetime: at('2026-11-22', '00:00') });
    expect(decideCurrentStatus(split, LISBON, zonedInstant('2026-11-21', '23:59', LISBON))).toEqual(kept);
  });

  it('an empty profile zone is UTC, as on the server', () => {
    const started = record({ start_datetime: '2026-11-21T23:30:00Z' });
    expect(decideCurrentStatus(started, '', new Date('2026-11-21T23:50:00Z'))).toEqual(kept);
    expect(decideCurrentStatus(started, '', new Date('2026-11-22T00:10:00Z'))).toEqual(left);
  });

  // Every quarter hour of two days around each zone's DST change (and a zone without DST, one a
  // whole day ahead of another): a record started at that day's local midnight is current, one
  // started a minute before it is from an earlier day.
  it.each([
    ['Europe/Lisbon', '2026-10-25'],
    ['America/New_York', '2026-11-01'],
    ['Australia/Sydney', '2026-04-05'],
    ['Pacific/Kiritimati', '2026-11-21'],
    ['Pacific/Pago_Pago', '2026-11-21'],
    ['Asia/Kolkata', '2026-11-21'],
  ])('across midnight and DST in %s', (zone, day) => {
    for (const date of [day, dayAfter(day)]) {
      const midnight = zonedInstant(date, '00:00', zone);
      const minuteBefore = new Date(midnight.getTime() - 60_000).toISOString();
      for (let quarter = 0; quarter < 96; quarter += 1) {
        const asked = new Date(midnight.getTime() + quarter * 15 * 60_000);
        if (asked.getTime() >= zonedInstant(dayAfter(date), '00:00', zone).getTime()) break;
        expect(decideCurrentStatus(record({ start_datetime: midnight.toISOString() }), zone, asked)).toEqual(kept);
        expect(decideCurrentStatus(record({ start_datetime: minuteBefore }), zone, asked)).toEqual(left);
      }
    }
  });
});

function dayAfter(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
