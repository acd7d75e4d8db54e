import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '../../../api/timeAccount';
import type { TimeAccountSummary } from '../../../api/types';
import { renderWithStore } from '../../../test/render';
import MemberTimeAccount from '../components/MemberTimeAccount';
import { hoursToSeconds, patternText, signedHoursToSeconds } from '../pattern';

vi.mock('../../../api/timeAccount');
vi.mock('../../../shared/feedback', () => ({ feedback: { failure: vi.fn(), success: vi.fn() }, failureText: (_: unknown, fallback: string) => fallback }));

const H = 3600;
const period = { from_date: '2026-03-09', to_date: '2026-03-10', worked: 10 * H, expected: 16 * H, difference: -6 * H };
const summary: TimeAccountSummary = {
  user: 5,
  date: '2026-03-10',
  start_date: '2026-01-01',
  today: { worked: 0, expected: 8 * H, holiday: null, holiday_work_flagged: false },
  week: period,
  month: period,
  balance: { worked: 100 * H, expected: 96 * H, adjustments: 0, year_end: 0, balance: 4 * H },
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.fetchPatterns).mockResolvedValue({ own: [], default: [{ id: 1, user: null, valid_from: '2026-01-01', weekday_seconds: [8 * H, 8 * H, 8 * H, 8 * H, 8 * H, 0, 0] }] });
  vi.mocked(api.fetchAdjustments).mockResolvedValue([]);
  vi.mocked(api.fetchTimeAccount).mockResolvedValue(summary);
  vi.mocked(api.fetchMemberHolidays).mockResolvedValue({ year: 2026, region: { country: 'PT', subdivision: '' }, member_region: null, holidays: [], changes: [] });
});

describe('pattern helpers', () => {
  it('reads hours as whole seconds', () => {
    expect(hoursToSeconds('7.5')).toBe(27000);
    expect(hoursToSeconds('7,5')).toBe(27000);
    expect(hoursToSeconds('')).toBe(0);
    expect(hoursToSeconds('25')).toBeNull();
    expect(signedHoursToSeconds('-2')).toBe(-7200);
    expect(signedHoursToSeconds('0')).toBeNull();
    expect(patternText({ id: 1, user: 5, valid_from: '2026-01-01', weekday_seconds: [4 * H, 0, 0, 0, 0, 0, 0] })).toBe('Mon 4h 00m');
  });
});

describe('MemberTimeAccount', () => {
  it('shows the balance and the default, and saves a new schedule from a date', async () => {
    vi.mocked(api.savePattern).mockResolvedValue({ id: 2, user: 5, valid_from: '2026-03-16', weekday_seconds: [4 * H, 4 * H, 4 * H, 4 * H, 4 * H, 0, 0] });
    renderWithStore(<MemberTimeAccount memberId={5} />);
    await waitFor(() => expect(screen.getByTestId('member-balance')).toHaveTextContent('Balance since 2026-01-01: +4h 00m'));
    expect(screen.getByText(/Follows the workspace default: Mon 8h 00m/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Valid from'), { target: { value: '2026-03-16' } });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) fireEvent.change(screen.getByLabelText(`Hours on ${day}`), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    await waitFor(() =>
      expect(api.savePattern).toHaveBeenCalledWith({ user: 5, valid_from: '2026-03-16', weekday_seconds: [4 * H, 4 * H, 4 * H, 4 * H, 4 * H, 0, 0] }),
    );
    await waitFor(() => expect(api.fetchPatterns).toHaveBeenCalledTimes(2));
  });

  it('adds an adjustment only with a date, hours and a reason', async () => {
    vi.mocked(api.addAdjustment).mockResolvedValue({ id: 3, user: 5, date: '2026-03-01', kind: 'paid_out', seconds: -7200, reason: 'Paid', created_by: 'Ada', created_at: '2026-03-10T09:00:00Z' });
    renderWithStore(<MemberTimeAccount memberId={5} />);
    await screen.findByTestId('member-balance');
    const add = screen.getByRole('button', { name: 'Add adjustment' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Adjustment date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Hours (negative to take off)'), { target: { value: '-2' } });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Paid' } });
    fireEvent.click(add);
    await waitFor(() =>
      expect(api.addAdjustment).toHaveBeenCalledWith({ user: 5, date: '2026-03-01', kind: 'time_in_lieu', seconds: -7200, reason: 'Paid' }),
    );
  });

  it("sets the member's own holiday region and makes them follow the workspace again", async () => {
    vi.mocked(api.updateMember).mockResolvedValue({ user: 5, start_date: '2026-01-01', member_region: { country: 'DE', subdivision: 'BE' } });
    renderWithStore(<MemberTimeAccount memberId={5} />);
    const region = await screen.findByTestId('member-region');
    expect(region).toHaveTextContent("Follows the workspace's region: PT.");
    const use = screen.getByRole('button', { name: 'Use own region' });
    expect(use).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Member country code'), { target: { value: 'de' } });
    fireEvent.change(screen.getByLabelText('Member subdivision code'), { target: { value: 'be' } });
    vi.mocked(api.fetchMemberHolidays).mockResolvedValue({ year: 2026, region: { country: 'PT', subdivision: '' }, member_region: { country: 'DE', subdivision: 'BE' }, holidays: [], changes: [] });
    fireEvent.click(use);
    await waitFor(() => expect(api.updateMember).toHaveBeenCalledWith(5, { region: { country: 'DE', subdivision: 'BE' } }));
    await waitFor(() => expect(screen.getByTestId('member-region')).toHaveTextContent("Own region: DE-BE (the workspace's: PT)."));
    fireEvent.click(screen.getByRole('button', { name: 'Follow the workspace' }));
    await waitFor(() => expect(api.updateMember).toHaveBeenLastCalledWith(5, { region: { country: '', subdivision: '' } }));
  });

  it('shows what the year-end rule took off the balance', async () => {
    vi.mocked(api.fetchTimeAccount).mockResolvedValue({ ...summary, balance: { worked: 100 * H, expected: 96 * H, adjustments: 0, year_end: -2 * H, balance: 2 * H } });
    renderWithStore(<MemberTimeAccount memberId={5} />);
    await waitFor(() => expect(screen.getByTestId('member-balance')).toHaveTextContent('Balance since 2026-01-01: +2h 00m (year ends -2h 00m)'));
  });
});
