import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorktimeRow, WorktimeTable } from '../../../api/types';
import { TrackedValue } from '../components/TrackedValue';
import { sumsOf, trackerOf } from '../tableRows';
import { trackedRatio } from '../trackedRatio';

describe('tracked / work ratio', () => {
  it('is the whole percent, half rounded up', () => {
    expect(trackedRatio(0, 3600)).toEqual({ percent: 0, mismatch: false });
    expect(trackedRatio(1800, 3600)).toEqual({ percent: 50, mismatch: false });
    expect(trackedRatio(1, 200)).toEqual({ percent: 1, mismatch: false }); // 0.5 % rounds up
    expect(trackedRatio(3600, 3600)).toEqual({ percent: 100, mismatch: false });
  });

  it('is never capped: above work time it says so', () => {
    // 9h 14m tracked against 4h 03m of work: 228 %, a mismatch.
    expect(trackedRatio(9 * 3600 + 14 * 60, 4 * 3600 + 3 * 60)).toEqual({ percent: 228, mismatch: true });
    expect(trackedRatio(3601, 3600)).toEqual({ percent: 100, mismatch: true });
    expect(trackedRatio(60, 0)).toEqual({ percent: null, mismatch: true });
    expect(trackedRatio(0, 0)).toEqual({ percent: null, mismatch: false });
  });

  it('shows the real ratio with a visible warning, and a dash without a tracker', () => {
    const { rerender } = render(<TrackedValue tracked={9 * 3600 + 14 * 60} work={4 * 3600 + 3 * 60} />);
    expect(screen.getByTestId('tracked-mismatch').textContent).toContain('9h 14m · 228%');
    expect(screen.getByTestId('tracked-mismatch').textContent).toContain('Tracked time is more than work time');
    rerender(<TrackedValue tracked={1800} work={3600} />);
    expect(screen.queryByTestId('tracked-mismatch')).toBeNull();
    expect(screen.getByText('30m · 50%')).toBeTruthy();
    rerender(<TrackedValue tracked={null} work={3600} />);
    expect(screen.getByTestId('tracked-none').textContent).toBe('—No time tracker');
  });
});

describe('tracked time only where there is a tracker', () => {
  const row = (user: number, work: number, tracked: number) =>
    ({ date: '2026-11-23', user, work_day: 1, shifts: [], schedules: [], work_hours: { total_seconds: work, notes: null }, expected: { total_seconds: 0, holiday: null, holiday_work_flagged: false, time_off: [], time_off_seconds: 0 }, difference_seconds: work, allocated_time: 0, tracked: { total_seconds: tracked, total_seconds_manually: 0, added_manually: false, tracked_level_percentage: 0 } }) as WorktimeRow;
  const table = (users: { id: number; has_tracker: boolean }[], rows: WorktimeRow[]) =>
    ({ users: users.map((u) => ({ ...u, display_name: `U${u.id}`, full_name: '', avatar: null, timezone: 'UTC' })), rows }) as unknown as WorktimeTable;

  it('sums tracked time and its work base over the members with a tracker only', () => {
    const t = table([{ id: 1, has_tracker: false }, { id: 2, has_tracker: true }], [row(1, 7200, 7200), row(2, 3600, 1800)]);
    expect(sumsOf(t.rows, trackerOf(t))).toMatchObject({ work: 10800, tracked: 1800, trackedWork: 3600 });
  });

  it('has no tracked time when nobody has a tracker (a manual shift is not tracked)', () => {
    const t = table([{ id: 1, has_tracker: false }], [row(1, 9000, 9000)]);
    expect(sumsOf(t.rows, trackerOf(t)).tracked).toBeNull();
  });
});
