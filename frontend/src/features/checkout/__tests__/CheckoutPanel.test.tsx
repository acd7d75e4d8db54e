import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/checkout';
import type { UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { sessionActions } from '../../../shared/session';
import { renderWithStore } from '../../../test/render';
import { CheckoutPanel } from '../components/CheckoutPanel';
import { todayIso } from '../dates';

vi.mock('../../../api/checkout');

// antd's Avatar measures its text; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);
// The draft-js editor is not what these tests are about.
vi.mock('../components/NotesEditor', () => ({
  default: ({ readOnly, placeholder }: { readOnly: boolean; placeholder: string }) => (
    <div data-testid="notes-stub" data-readonly={String(readOnly)}>
      {placeholder}
    </div>
  ),
}));

const today = todayIso();
const workDay = { id: 7, user: 1, work_date: today, checkout_notes: null, start_datetime: null, end_datetime: null, work_time_seconds: 0, schedule_notes: '' };
const failed = {
  id: 3,
  checkout_check: 'checkout_note' as const,
  work_day: 7,
  work_date: today,
  user: 1,
  critical_yn: false,
  passed_yn: false,
  n_checkout_items: 1,
  issue_json: {},
  checkout_failed_message: 'The checkout note is empty.',
  message_dismissed_yn: false,
};

function conflict() {
  return Object.assign(new Error('409'), { isAxiosError: true, response: { status: 409, data: { detail: 'Activity Details for some tasks are missing.' } } });
}

function store() {
  const value = setupStore();
  value.dispatch(sessionActions.sessionStarted({ id: 1, email: 'ben@example.com', display_name: 'Ben' } as UserDetails));
  return value;
}

beforeEach(() => {
  vi.mocked(api.fetchWorkDay).mockResolvedValue(workDay as api.WorkDay);
  vi.mocked(api.fetchDaySummary).mockResolvedValue({ date: today, work_time: 3600, break_time: 0, active_time: 0, manual_time: 0, processing_time: 0, tasks_allocated_time: 0, tracked_time: 0 } as api.WorktimeSummary);
  vi.mocked(api.fetchShifts).mockResolvedValue([]);
  vi.mocked(api.fetchDayTasks).mockResolvedValue([]);
  vi.mocked(api.runCheckoutChecks).mockResolvedValue([failed] as api.CheckoutCheckStatus[]);
  vi.mocked(api.fetchDateStatuses).mockResolvedValue([]);
  vi.mocked(api.fetchObservers).mockResolvedValue([]);
  vi.mocked(api.fetchOpenCheckMessages).mockResolvedValue([]);
  vi.mocked(api.fetchNextWorkday).mockResolvedValue({ next_workday_date: null, next_workday_sessions: [], next_workday_work_time: 0 } as unknown as api.NextCalendarSchedule);
  vi.mocked(api.fetchUserDetails).mockResolvedValue({ id: 2, display_name: 'Ada', workspace_role: 'ADMIN' } as UserDetails);
});

describe('leaving the office from the checkout', () => {
  it('shows the failed checks on the first click, then leaves anyway on the second', async () => {
    vi.mocked(api.leaveThroughCheckout).mockRejectedValueOnce(conflict()).mockResolvedValueOnce({ left_yn: true, checks: [] });
    const onLeft = vi.fn();
    renderWithStore(<CheckoutPanel userId={1} mode="leave_the_office" onLeft={onLeft} />, { store: store() });
    const button = await screen.findByTestId('checkout-leave');
    expect(button).toHaveTextContent('Leave the office');

    fireEvent.click(button);
    await screen.findByText('Activity Details for some tasks are missing.');
    await waitFor(() => expect(screen.getByTestId('checkout-leave')).toHaveTextContent('Leave anyway'));
    expect(api.leaveThroughCheckout).toHaveBeenLastCalledWith(false);
    expect(onLeft).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('checkout-leave'));
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(api.leaveThroughCheckout).toHaveBeenLastCalledWith(true);
  });

  it('leaves at once when every check passes', async () => {
    vi.mocked(api.leaveThroughCheckout).mockResolvedValueOnce({ left_yn: true, checks: [] });
    const onLeft = vi.fn();
    renderWithStore(<CheckoutPanel userId={1} mode="leave_the_office" onLeft={onLeft} />, { store: store() });
    fireEvent.click(await screen.findByTestId('checkout-leave'));
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Leave anyway')).not.toBeInTheDocument();
  });
});

describe('what the checkout lets you edit', () => {
  it('edits your own current day, with Done / Modify switching editing off and on', async () => {
    renderWithStore(<CheckoutPanel userId={1} mode="page" />, { store: store() });
    const notes = await screen.findByTestId('notes-stub');
    expect(notes).toHaveAttribute('data-readonly', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('notes-stub')).toHaveAttribute('data-readonly', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Modify' }));
    expect(screen.getByTestId('notes-stub')).toHaveAttribute('data-readonly', 'false');
  });

  it("shows someone else's checkout in history mode, read-only, with their name and role", async () => {
    vi.mocked(api.fetchWorkDay).mockResolvedValue({ ...workDay, user: 2 } as api.WorkDay);
    renderWithStore(<CheckoutPanel userId={2} mode="page" />, { store: store() });
    expect(await screen.findByTestId('notes-stub')).toHaveAttribute('data-readonly', 'true');
    expect(screen.getByTestId('checkout-panel')).toHaveAttribute('data-mode', 'history');
    const header = await screen.findByTestId('checkout-history-header');
    await waitFor(() => expect(header).toHaveTextContent('Ada'));
    expect(header).toHaveTextContent('Admin');
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-leave')).not.toBeInTheDocument();
  });

  it('keeps an earlier day of your own read-only', async () => {
    renderWithStore(<CheckoutPanel userId={1} mode="page" date="2020-01-06" />, { store: store() });
    const notes = await screen.findByTestId('notes-stub');
    expect(notes).toHaveAttribute('data-readonly', 'true');
    expect(screen.getAllByText('Notes cannot be edited for previous checkouts').length).toBeGreaterThan(0);
  });
});
