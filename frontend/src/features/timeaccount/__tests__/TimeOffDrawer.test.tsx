import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '../../../api/timeAccount';
import type { TimeOffRequest } from '../../../api/types';
import { renderWithStore } from '../../../test/render';
import TimeOffDrawer from '../components/TimeOffDrawer';

vi.mock('../../../api/timeAccount');
vi.mock('../../../shared/feedback', () => ({ feedback: { failure: vi.fn(), success: vi.fn() }, failureText: (_: unknown, fallback: string) => fallback }));

const request = (id: number, over: Partial<TimeOffRequest> = {}): TimeOffRequest => ({
  id,
  user: 2,
  user_name: 'Cy',
  type: 1,
  type_name: 'Paid leave',
  type_color: '#1677ff',
  start_date: '2026-03-16',
  end_date: '2026-03-20',
  half_day: false,
  note: '',
  status: 'pending',
  decided_by: null,
  decided_at: null,
  decision_reason: '',
  ...over,
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.fetchMyTimeOff).mockResolvedValue([request(1, { user: 1, user_name: 'Ada', status: 'approved' })]);
  vi.mocked(api.fetchTimeOffToDecide).mockResolvedValue([request(2), request(3, { start_date: '2026-04-01', end_date: '2026-04-01' })]);
  vi.mocked(api.fetchTimeOffTypes).mockResolvedValue([{ id: 1, name: 'Paid leave', color: '#1677ff', counts_as_worked: true, yearly_allowance_half_days: 50, archived: false }]);
  vi.mocked(api.fetchAllowance).mockResolvedValue([{ type: 1, name: 'Paid leave', allowance_days: 25, used_days: 5, left_days: 20 }]);
  vi.mocked(api.fetchTimeAccount).mockResolvedValue(undefined as never);
});

describe('TimeOffDrawer', () => {
  it('shows the allowance, asks for a half day and decides chosen requests in bulk', async () => {
    vi.mocked(api.requestTimeOff).mockResolvedValue(request(4, { user: 1, half_day: true }));
    vi.mocked(api.decideTimeOff).mockResolvedValue([]);
    renderWithStore(<TimeOffDrawer open onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('time-off-allowance')).toHaveTextContent('Paid leave: 5 days used of 25, 20 left'));
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-03-24' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Half day' }));
    // The types load apart from the allowance: Ask is enabled once one is chosen.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.requestTimeOff).toHaveBeenCalledWith({ type: 1, start_date: '2026-03-24', end_date: '2026-03-24', half_day: true, note: '' }));
    // the write is over once the per-request buttons are enabled again
    await waitFor(() => expect(api.fetchMyTimeOff).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Approve' })[0]).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Approve chosen' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: "Choose Cy's 2026-03-16 – 2026-03-20" }));
    fireEvent.click(screen.getByRole('checkbox', { name: "Choose Cy's 2026-04-01" }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Enjoy' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve chosen' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Approve chosen' }));
    await waitFor(() => expect(api.decideTimeOff).toHaveBeenCalledWith({ ids: [2, 3], approve: true, reason: 'Enjoy' }));
  });
});
