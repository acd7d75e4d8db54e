import type { DayStatus } from '../api/checkout';

/** A day's checkout status (spec 01 §2 "Checkout status grouping"): the checkout and the work-time table. */
export const DAY_STATUS_TEXT: Record<DayStatus, string> = {
  critical_failed: 'Critical checks failed',
  non_critical_failed: 'Some checks failed',
  passed: 'All checks passed',
  still_in_office: 'Still in the office',
  working_or_plan_to_work: 'Working or plan to work',
  not_checked: 'Checkout report is not sent yet',
};

export const DAY_STATUS_COLOR: Record<DayStatus, string> = {
  critical_failed: '#cf1322',
  // #ad6800 on the tag's tint was 4.08:1; axe asks 4.5:1.
  non_critical_failed: '#874d00',
  passed: '#237804',
  still_in_office: '#237804',
  working_or_plan_to_work: '#0958d9',
  not_checked: '#595959',
};
