import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/checkout';
import type { UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { sessionActions } from '../../../shared/session';
import { renderWithStore } from '../../../test/render';
import CheckoutPage from '../pages/CheckoutPage';

vi.mock('../../../api/checkout');
vi.mock('../../../api/projects', () => ({ fetchProjects: vi.fn().mockResolvedValue([]), fetchTaskLists: vi.fn().mockResolvedValue([]), fetchSections: vi.fn().mockResolvedValue([]) }));
vi.mock('../components/NotesEditor', () => ({ default: () => <div data-testid="notes-stub" /> }));
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const row = (status: 'working' | 'taking_break' | 'out_of_office') =>
  ({
    id: 5,
    shown_yn: true,
    starred_yn: false,
    observed_user: { id: 2, display_name: 'Ben', full_name: 'Ben B', avatar: null, workspace_role: 'MEMBER', what_i_do: '', current_status: { status_enum_identifier: status } },
  }) as api.ObservableUser;

beforeEach(() => {
  vi.mocked(api.fetchWorkDay).mockResolvedValue(null);
  vi.mocked(api.fetchDaySummary).mockResolvedValue({ date: '', work_time: 0, break_time: 0, active_time: 0, manual_time: 0, processing_time: 0, tasks_allocated_time: 0, tracked_time: 0 } as api.WorktimeSummary);
  vi.mocked(api.fetchDateStatuses).mockResolvedValue([]);
  vi.mocked(api.fetchObservers).mockResolvedValue([]);
  vi.mocked(api.fetchOpenCheckMessages).mockResolvedValue([]);
  vi.mocked(api.fetchNextWorkday).mockResolvedValue({ next_workday_date: null, next_workday_sessions: [], next_workday_work_time: 0 } as unknown as api.NextCalendarSchedule);
});

describe("'Shared with you'", () => {
  it("shows each observed member's presence and follows a teammate's status change live", async () => {
    vi.mocked(api.fetchObservableUsers).mockResolvedValueOnce([row('working')]).mockResolvedValueOnce([row('out_of_office')]);
    const store = setupStore();
    store.dispatch(sessionActions.sessionStarted({ id: 1, email: 'ada@example.com', display_name: 'Ada' } as UserDetails));
    renderWithStore(<CheckoutPage />, { store, route: '/checkout' });
    const dot = await screen.findByTestId('observed-status');
    expect(dot).toHaveAttribute('data-status', 'working');
    expect(screen.getByText('Working')).toBeInTheDocument();
    act(() => void store.dispatch({ type: 'realtime/eventReceived', payload: { event: 'user_left_office', meta: {} } }));
    await waitFor(() => expect(screen.getByTestId('observed-status')).toHaveAttribute('data-status', 'out_of_office'));
    expect(screen.getByText('Out of Office')).toBeInTheDocument();
  });
});

describe("'Shared with you' is found without scrolling", () => {
  it('comes before the checkout panel and the day list, with how many members it holds', async () => {
    vi.mocked(api.fetchObservableUsers).mockResolvedValue([row('working'), { ...row('taking_break'), id: 6, observed_user: { ...row('taking_break').observed_user, id: 3, display_name: 'Cy' } }]);
    const store = setupStore();
    store.dispatch(sessionActions.sessionStarted({ id: 1, email: 'ada@example.com', display_name: 'Ada' } as UserDetails));
    renderWithStore(<CheckoutPage />, { store, route: '/checkout' });
    const shared = await screen.findByTestId('shared-with-you');
    expect(screen.getByRole('heading', { level: 2, name: /^Shared with you\s?: 2 members$/ })).toBeInTheDocument();
    const panel = await screen.findByTestId('checkout-panel');
    const days = screen.getByRole('complementary', { name: 'Checkout history' });
    // Document order is reading order: on a phone the one column shows it first, at 1440 px it heads the side column.
    expect(shared.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shared.compareDocumentPosition(days) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(days.contains(shared)).toBe(false);
  });
});
