import { describe, expect, it } from 'vitest';
import { dayCount, firstDayOf, isoWeek, shownWeekLabel, startOfWeek, step, viewRange, weekLabel, weekTitle } from '../weeks';

describe('the calendar’s weeks', () => {
  it('ISO week numbers, across the turn of the year', () => {
    expect(weekLabel('2026-11-25')).toBe('W48');
    // A shown week is labelled by the ISO week most of its days belong to, whatever its first day.
    expect(shownWeekLabel('2026-11-23')).toBe('W48'); // Monday to Sunday
    expect(shownWeekLabel('2026-11-22')).toBe('W48'); // Sunday to Saturday (Monday to Saturday are W48)
    expect(shownWeekLabel('2026-11-21')).toBe('W48'); // Saturday to Friday
    expect(isoWeek('2027-01-01')).toBe(53); // a Friday: still 2026's last week
    expect(isoWeek('2026-01-01')).toBe(1); // a Thursday: the first week
    expect(isoWeek('2024-12-30')).toBe(1); // a Monday in 2025's first week
  });

  it('starts the week on the chosen day', () => {
    expect(startOfWeek('2026-11-25', 'monday')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25', 'sunday')).toBe('2026-11-22');
    expect(startOfWeek('2026-11-25', 'saturday')).toBe('2026-11-21');
    expect(startOfWeek('2026-11-23', 'monday')).toBe('2026-11-23');
  });

  it('the user’s choice wins over the workspace’s, Monday by default', () => {
    expect(firstDayOf({ first_day_of_week: 'sunday', workspace_first_day_of_week: 'saturday' })).toBe('sunday');
    expect(firstDayOf({ first_day_of_week: '', workspace_first_day_of_week: 'saturday' })).toBe('saturday');
    expect(firstDayOf(null)).toBe('monday');
  });

  it('a month view is the whole weeks that hold the month', () => {
    expect(viewRange('month', '2026-11-25', 'monday')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(viewRange('month', '2026-02-10', 'sunday')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(viewRange('week', '2026-11-29', 'monday')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(dayCount(viewRange('month', '2026-02-10', 'monday'))).toBe(35); // Jan 26 - Mar 1
    expect(dayCount(viewRange('month', '2026-11-25', 'monday'))).toBe(42);
  });

  it('previous / next move a week or a month', () => {
    expect(step('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(step('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(step('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('titles a week by its dates', () => {
    expect(weekTitle({ from: '2026-11-23', to: '2026-11-29' })).toBe('Nov 23 – 29, 2026');
    expect(weekTitle({ from: '2026-11-30', to: '2026-12-06' })).toBe('Nov 30 – Dec 6, 2026');
    expect(weekTitle({ from: '2026-12-28', to: '2027-01-03' })).toBe('Dec 28, 2026 – Jan 3, 2027');
  });
});
