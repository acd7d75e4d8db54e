import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AllocatedTime, Task, TrackerState } from '../../api/types';
import { setClockForTest } from '../../shared/clock';
import { renderWithStore } from '../../test/render';
import { setupStore } from '../store';
import { statusActions } from '../../features/status/slice';
import { trackerActions } from '../../features/tracker/slice';
import { HeaderTimes } from '../time/HeaderTimes';
import { TaskTimeSlot } from '../time/TaskTimeSlot';
import { TodayHours } from '../pages/OfficePage';
import { LiveTimes } from '../checkout/CheckoutBundle';
import { HoursSection, TimeBar, type DayTimes } from '../../features/checkout/components/sections/HoursSection';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const TASK = { id: 7, title: 'Draw the home page', seconds_worked: 0 } as Task;
const allocated = (seconds: number): AllocatedTime => ({
  allocated_time: [{ project: { id: 4, title: 'Website', color: '#13c2c2' }, tasks: [{ task: { id: 7, title: TASK.title }, total_seconds: seconds }], total_seconds: seconds }],
  total_seconds: seconds,
});
const tracking: TrackerState = { status: 'tracking', task: 7, last_task: 7, started_at: '2026-11-25T08:50:00Z', work_day: 3, seconds_worked: 0 };

// What the checkout read with the day a little earlier (its own rounding would say 24m / 9m / 15m).
const READ: DayTimes = { workTime: 1450, breakTime: 300, allocated: 560, unallocated: 890, tracked: 0, hasTracker: false, live: true };

/** Every place that shows today's numbers, from one store: the header, Today's hours card, the popover, the checkout. */
function renderAll() {
  const store = setupStore();
  store.dispatch(statusActions.loaded('working'));
  store.dispatch(statusActions.countersSynced({ workSeconds: 1490, breakSeconds: 300, at: T0 }));
  store.dispatch(trackerActions.allocatedLoaded({ allocated: allocated(590), readAt: T0 }));
  store.dispatch(trackerActions.stateLoaded(tracking));
  renderWithStore(
    <>
      <HeaderTimes narrow={false} />
      <TodayHours />
      <TaskTimeSlot task={TASK} />
      <LiveTimes>
        <TimeBar times={READ} />
        <HoursSection times={READ} />
      </LiveTimes>
    </>,
    { store },
  );
  fireEvent.click(screen.getByTestId('manage-time'));
  return store;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const popoverUnallocated = () => screen.getByTestId('manage-time-unallocated').textContent;

function expectAgree(office: string, tasks: string, unallocated: string) {
  expect([text('header-office-time'), text('office-office-time'), text('checkout-work')]).toEqual([office, office, office]);
  expect([text('header-tasks-time'), text('office-tasks-time'), text('checkout-tasks')]).toEqual([tasks, tasks, tasks]);
  expect([text('header-unallocated'), text('office-unallocated'), popoverUnallocated(), text('checkout-unallocated'), text('checkout-unallocated-card')])
    .toEqual(Array(5).fill(unallocated));
}

describe("today's numbers agree everywhere", () => {
  it('header, Today\'s hours card and the manage-time popover show the same text at every instant', async () => {
    const store = renderAll();
    await waitFor(() => expect(screen.getByTestId('manage-time-popover')).toBeTruthy());

    // 09:00:15: office 1505 s (25m), tasks 605 s (10m), unallocated 900 s (15m).
    act(() => setClockForTest(T0 + 15_000));
    expectAgree('25m', '10m', '15m');

    // The Work time statistic of the card is the header's office time.
    expect(screen.getByText('Work time').closest('.ant-statistic')?.textContent).toContain('25m');

    // +10m arrives (allocated read again) before the clock ticks: nowhere reads it at an older
    // instant than the read, so unallocated drops by exactly 10 minutes, in every place at once.
    act(() => void store.dispatch(trackerActions.allocatedLoaded({ allocated: allocated(590 + 15 + 600), readAt: T0 + 15_000 })));
    expectAgree('25m', '20m', '5m');

    // A minute later (one tick of the shared clock) everything moves together.
    act(() => setClockForTest(T0 + 75_000));
    expectAgree('26m', '21m', '5m');
  });
});

describe("the checkout's figures", () => {
  it('are the ones read with the day on another day (no live numbers)', () => {
    renderWithStore(
      <LiveTimes>
        <HoursSection times={{ ...READ, live: false }} />
      </LiveTimes>,
      { store: setupStore() },
    );
    expect([text('checkout-work'), text('checkout-tasks'), text('checkout-unallocated-card')]).toEqual(['24m', '9m', '14m']);
  });
});
