import type { CheckoutCheckStatus } from '../../api/checkout';
import { shiftDate } from './dates';

/**
 * Failed checks of earlier days nag for this many days, then age out of the banner (docs/checkout.md):
 * the day keeps its status, the history and the day's own checkout show them.
 */
export const MESSAGE_DAYS = 7;

/** The days whose open messages the banner shows: the MESSAGE_DAYS days before today. */
export function messageWindow(today: string): { from: string; to: string } {
  return { from: shiftDate(today, -MESSAGE_DAYS), to: shiftDate(today, -1) };
}

export interface MessageDay {
  date: string;
  messages: CheckoutCheckStatus[];
}

/** The messages grouped by day, newest day first. */
export function groupByDay(messages: CheckoutCheckStatus[]): MessageDay[] {
  const days = new Map<string, CheckoutCheckStatus[]>();
  for (const message of messages) days.set(message.work_date, [...(days.get(message.work_date) ?? []), message]);
  return [...days.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([date, rows]) => ({ date, messages: rows }));
}
