import { describe, expect, it } from 'vitest';
import type { StatusRecord } from '../../../api/types';
import { decideCurrentStatus } from '../currentStatus';

const now = new Date(2026, 10, 21, 15, 0); // local time
const at = (y: number, m: number, d: number, h: number) => new Date(y, m, d, h).toISOString();
const record = (overrides: Partial<StatusRecord>): StatusRecord => ({
  id: 1,
  status_enum_identifier: 'working',
  start_datetime: at(2026, 10, 21, 9),
  end_datetime: null,
  deleted_yn: false,
  ...overrides,
});

describe('decideCurrentStatus', () => {
  it('applies an open status that started today', () => {
    expect(decideCurrentStatus(record({}), now)).toEqual({ status: 'working', leaveOffice: false });
    expect(decideCurrentStatus(record({ status_enum_identifier: 'taking_break' }), now)).toEqual({
      status: 'taking_break',
      leaveOffice: false,
    });
  });

  it('leaves the office for a status from an earlier day', () => {
    expect(decideCurrentStatus(record({ start_datetime: at(2026, 10, 20, 22) }), now)).toEqual({
      status: 'out_of_office',
      leaveOffice: true,
    });
  });

  it('leaves the office for a status that has ended', () => {
    expect(decideCurrentStatus(record({ end_datetime: at(2026, 10, 21, 12) }), now)).toEqual({
      status: 'out_of_office',
      leaveOffice: true,
    });
  });

  it('takes out_of_office as it is', () => {
    const out = record({ id: null, status_enum_identifier: 'out_of_office', start_datetime: null });
    expect(decideCurrentStatus(out, now)).toEqual({ status: 'out_of_office', leaveOffice: false });
  });
});
