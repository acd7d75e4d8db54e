import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { nextWorkdayTitle } from '../nextWorkday';

describe('Next Workday title', () => {
  it('names the scheduled next workday', () => {
    expect(nextWorkdayTitle('2026-11-25', dayjs('2026-11-21'))).toBe('Next Workday (Wednesday, November 25)');
  });

  it('falls back to the next weekday without a schedule', () => {
    expect(nextWorkdayTitle(null, dayjs('2026-11-21'))).toBe('Next Workday (Monday, November 23)');
    expect(nextWorkdayTitle(null, dayjs('2026-11-24'))).toBe('Next Workday (Wednesday, November 25)');
  });
});
