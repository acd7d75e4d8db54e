import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '../../../api/timeAccount';
import { renderWithStore } from '../../../test/render';
import WorkspaceTimeAccount from '../components/WorkspaceTimeAccount';

vi.mock('../../../api/timeAccount');
vi.mock('../../../shared/feedback', () => ({ feedback: { failure: vi.fn(), success: vi.fn() }, failureText: (_: unknown, fallback: string) => fallback }));

const H = 3600;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.fetchWorkspaceHolidays).mockResolvedValue({
    year: 2026,
    region: { country: 'PT', subdivision: '' },
    member_region: null,
    holidays: [
      { date: '2026-04-25', name: 'Freedom Day' },
      { date: '2026-11-16', name: 'Team day' },
    ],
    changes: [
      { id: 7, date: '2026-11-16', name: 'Team day', removed: false },
      { id: 8, date: '2026-06-10', name: '', removed: true },
    ],
  });
  vi.mocked(api.fetchOwnPatterns).mockResolvedValue({ own: [], default: [{ id: 1, user: null, valid_from: '2026-01-01', weekday_seconds: [8 * H, 8 * H, 8 * H, 8 * H, 8 * H, 0, 0] }] });
  vi.mocked(api.fetchTimeOffTypes).mockResolvedValue([
    { id: 1, name: 'Paid leave', color: '#52c41a', counts_as_worked: true, yearly_allowance_half_days: 50, archived: false },
    { id: 2, name: 'Unpaid', color: '#8c8c8c', counts_as_worked: false, yearly_allowance_half_days: null, archived: true },
  ]);
  vi.mocked(api.fetchRules).mockResolvedValue({ year_end: 'carry_all', cap_seconds: null, holiday_work: 'counts' });
});

describe('WorkspaceTimeAccount', () => {
  it('lists the holidays with the workspace’s changes and makes a public holiday a normal day', async () => {
    vi.mocked(api.saveHoliday).mockResolvedValue(undefined);
    renderWithStore(<WorkspaceTimeAccount />);
    const list = await screen.findByTestId('workspace-holidays');
    expect(list).toHaveTextContent('2026-04-25 · Freedom Day');
    expect(list).toHaveTextContent('2026-06-10 · normal day (public holiday removed)');
    expect(screen.getByRole('button', { name: 'Restore holiday 2026-06-10' })).toBeInTheDocument();
    expect(screen.getByText(/From 2026-01-01: Mon 8h 00m/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Make a normal day of 2026-04-25 Freedom Day' }));
    await waitFor(() => expect(api.saveHoliday).toHaveBeenCalledWith({ date: '2026-04-25', name: '', removed: true }));
    await waitFor(() => expect(api.fetchWorkspaceHolidays).toHaveBeenCalledTimes(2));
  });

  it('adds a day off and a time-off type with its allowance in half days', async () => {
    vi.mocked(api.saveHoliday).mockResolvedValue(undefined);
    vi.mocked(api.createTimeOffType).mockResolvedValue(undefined);
    renderWithStore(<WorkspaceTimeAccount />);
    await screen.findByTestId('workspace-holidays');
    fireEvent.change(screen.getByLabelText('Day off date'), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByLabelText('Day off name'), { target: { value: 'Christmas Eve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add day off' }));
    await waitFor(() => expect(api.saveHoliday).toHaveBeenCalledWith({ date: '2026-12-24', name: 'Christmas Eve', removed: false }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add day off' })).toBeDisabled());
    fireEvent.change(screen.getByLabelText('Type name'), { target: { value: 'Sick' } });
    fireEvent.change(screen.getByLabelText('Days a year'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add type' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add type' }));
    await waitFor(() => expect(api.createTimeOffType).toHaveBeenCalledWith({ name: 'Sick', yearly_allowance_half_days: 20 }));
  });

  it('edits a time-off type in place and archives or restores one', async () => {
    vi.mocked(api.updateTimeOffType).mockResolvedValue(undefined);
    renderWithStore(<WorkspaceTimeAccount />);
    const types = await screen.findByTestId('time-off-types');
    expect(types).toHaveTextContent('Paid leave25 days a year'); // the tag's margin, not a space, sets them apart
    expect(types).toHaveTextContent('archived');
    expect(screen.queryByRole('button', { name: 'Edit Unpaid' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Paid leave' }));
    fireEvent.change(screen.getByLabelText('Name of Paid leave'), { target: { value: 'Holiday leave' } });
    fireEvent.change(screen.getByLabelText('Days a year of Paid leave'), { target: { value: 'many' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Days a year of Paid leave'), { target: { value: '27.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateTimeOffType).toHaveBeenCalledWith(1, { name: 'Holiday leave', color: '#52c41a', yearly_allowance_half_days: 55, counts_as_worked: true }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Archive Paid leave' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Archive Paid leave' }));
    await waitFor(() => expect(api.updateTimeOffType).toHaveBeenLastCalledWith(1, { archived: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restore Unpaid' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Restore Unpaid' }));
    await waitFor(() => expect(api.updateTimeOffType).toHaveBeenLastCalledWith(2, { archived: false }));
  });

  it('saves the year-end cap in seconds and the flag of work on a holiday', async () => {
    vi.mocked(api.saveRules).mockResolvedValue(undefined);
    renderWithStore(<WorkspaceTimeAccount />);
    await screen.findByTestId('balance-rules');
    const save = screen.getByRole('button', { name: 'Save rules' });
    expect(save).toBeDisabled(); // nothing changed
    fireEvent.click(screen.getByLabelText(/carries over up to a cap/));
    fireEvent.change(screen.getByLabelText('Cap in hours'), { target: { value: 'x' } });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Cap in hours'), { target: { value: '20' } });
    fireEvent.click(screen.getByLabelText('counts and is flagged on its day'));
    fireEvent.click(save);
    await waitFor(() => expect(api.saveRules).toHaveBeenCalledWith({ year_end: 'cap', cap_seconds: 20 * H, holiday_work: 'flagged' }));
  });
});
