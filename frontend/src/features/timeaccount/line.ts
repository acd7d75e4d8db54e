import type { TimeAccountSummary } from '../../api/types';
import { formatDuration } from '../../shared/time';
import { formatSignedDuration } from '../../shared/signedDuration';

export interface LineNumbers {
  worked: number;
  expected: number;
  holiday: string | null;
  /** Worked on a holiday and the workspace flags such work. */
  holidayWorkFlagged: boolean;
  week: number;
  balance: number;
}

/**
 * The line's numbers with today's worked time as the office counts it now (`liveWorked`, ticking
 * between reads): today's target counts as it is worked (docs/timeaccount.md), so the week and
 * the balance move by the extra work beyond what the read counted, as the server would count it.
 */
export function lineNumbers(summary: TimeAccountSummary, liveWorked: number | null): LineNumbers {
  const read = summary.today.worked;
  const expected = summary.today.expected;
  const worked = liveWorked === null ? read : Math.max(read, liveWorked);
  const counted = (w: number) => Math.min(w, expected);
  const moved = worked - read - (counted(worked) - counted(read));
  return {
    worked,
    expected,
    holiday: summary.today.holiday,
    holidayWorkFlagged: summary.today.holiday_work_flagged,
    week: summary.week.difference + moved,
    balance: summary.balance.balance + moved,
  };
}

/** "Today 6h 12m / 8h 00m · Week +1h 45m · Balance +12h 30m" (the one duration formatter). */
export function lineText(numbers: LineNumbers): string {
  const flag = numbers.holidayWorkFlagged ? ' · worked on a holiday' : '';
  const today = numbers.holiday
    ? `Today ${formatDuration(numbers.worked)} (${numbers.holiday}${flag})`
    : `Today ${formatDuration(numbers.worked)} / ${formatDuration(numbers.expected)}`;
  return `${today} · Week ${formatSignedDuration(numbers.week)} · Balance ${formatSignedDuration(numbers.balance)}`;
}
