import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Period } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { WeekComplete } from '../components/WeekComplete';
import { closingActions } from '../slice';

vi.mock('../../../api/closing');

const period = (over: Partial<Period> = {}): Period =>
  ({
    id: 3,
    user_id: 1,
    user_name: 'Ben',
    start_date: '2026-11-16',
    end_date: '2026-11-22',
    state: 'draft',
    reason: '',
    submitted_at: null,
    decided_at: null,
    decided_by_name: '',
    summary: { worked_seconds: 5400, expected_seconds: 7200, difference_seconds: -1800, days_worked: 1, days_with_failed_checks: [], days_without_checkout: [] },
    ...over,
  }) as Period;

function shown(date: string, today: string, loaded: Period) {
  const store = setupStore();
  renderWithStore(<WeekComplete date={date} today={today} atCheckout />, { store });
  act(() => void store.dispatch(closingActions.periodLoaded(loaded)));
}

describe("'My week is complete' at the checkout", () => {
  it("is offered on the period's last day", async () => {
    shown('2026-11-22', '2026-11-22', period());
    expect(await screen.findByRole('button', { name: 'My week is complete' })).toBeEnabled();
    expect(screen.getByText('Your period is over: check what you submit, then confirm.')).toBeInTheDocument();
  });

  it('is offered on any day of a period that is over and not submitted', async () => {
    shown('2026-11-18', '2026-11-25', period({ state: 'rejected', reason: 'Tuesday is missing' }));
    expect(await screen.findByRole('button', { name: 'My week is complete' })).toBeEnabled();
  });

  it('stays away on the other days of a running period, and once the period is submitted', () => {
    shown('2026-11-18', '2026-11-18', period());
    expect(screen.queryByTestId('week-complete')).not.toBeInTheDocument();
    shown('2026-11-18', '2026-11-25', period({ state: 'submitted' }));
    expect(screen.queryByTestId('week-complete')).not.toBeInTheDocument();
  });

  it('on its last day, a submitted period shows its state without the button', async () => {
    shown('2026-11-22', '2026-11-25', period({ state: 'approved' }));
    expect(await screen.findByTestId('period-state')).toHaveTextContent('Approved');
    expect(screen.queryByRole('button', { name: 'My week is complete' })).not.toBeInTheDocument();
  });
});
