import { describe, expect, it } from 'vitest';
import type { CheckoutCheckStatus } from '../../../api/checkout';
import { groupByDay, MESSAGE_DAYS, messageWindow } from '../messages';

const message = (id: number, work_date: string) => ({ id, work_date, checkout_check: 'checkout_note' }) as CheckoutCheckStatus;

describe('the earlier days\' messages', () => {
  it('are grouped by day, newest day first', () => {
    const days = groupByDay([message(1, '2026-11-20'), message(2, '2026-11-23'), message(3, '2026-11-20')]);
    expect(days.map((d) => [d.date, d.messages.map((m) => m.id)])).toEqual([
      ['2026-11-23', [2]],
      ['2026-11-20', [1, 3]],
    ]);
  });

  it(`age out of the banner after ${MESSAGE_DAYS} days; today's are not earlier days`, () => {
    expect(messageWindow('2026-11-25')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });
});
