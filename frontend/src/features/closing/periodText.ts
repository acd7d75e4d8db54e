import type { Period } from '../../api/types';
import { formatDuration } from '../../shared/time';
import { formatSignedDuration } from '../../shared/signedDuration';
import { slashDate } from '../../shared/zoned';

/** 'dd/mm/yyyy – dd/mm/yyyy'. */
export const periodRange = (period: Pick<Period, 'start_date' | 'end_date'>): string =>
  `${slashDate(period.start_date)} – ${slashDate(period.end_date)}`;

/** What a period holds, in the words the member confirms and the approver reads. */
export function summaryLines(period: Period): string[] {
  const { summary } = period;
  const worked = summary.worked_seconds;
  return [
    `Worked ${formatDuration(worked)} on ${summary.days_worked} day${summary.days_worked === 1 ? '' : 's'}`,
    `Expected ${formatDuration(summary.expected_seconds)} · difference ${formatSignedDuration(summary.difference_seconds)}`,
    summary.days_with_failed_checks.length
      ? `Failed checks on ${summary.days_with_failed_checks.map(slashDate).join(', ')}`
      : 'No failed checks',
    summary.days_without_checkout.length
      ? `No checkout on ${summary.days_without_checkout.map(slashDate).join(', ')}`
      : 'A checkout on every day worked',
  ];
}

export const STATE_TEXT: Record<Period['state'], string> = {
  draft: 'Not submitted',
  submitted: 'Submitted, waiting for approval',
  approved: 'Approved and locked',
  rejected: 'Sent back',
  reopened: 'Reopened',
};
