import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../test/render';
import { setupStore } from '../../../app/store';
import { PendingIndicator } from '../PendingIndicator';
import { outboxActions, PENDING_TEXT } from '../slice';

const entry = (key: string, label: string, refusal: { status: number; message: string } | null = null) => ({
  key,
  kind: 'task_time' as const,
  method: 'post' as const,
  url: '/api/work/task_time/',
  body: { task: 7, seconds: 600 },
  label,
  subject: 7,
  madeAt: Date.parse('2026-03-10T09:30:00'),
  refusal,
});

describe('the pending indicator', () => {
  it('shows nothing while nothing waits', () => {
    renderWithStore(<PendingIndicator />);
    expect(screen.queryByTestId('outbox-indicator')).toBeNull();
  });

  it('counts what waits, says it will be sent, and lists it in order', async () => {
    const store = setupStore();
    store.dispatch(outboxActions.loaded([entry('a', 'On a break'), entry('b', '+10m on Write the spec')]));
    renderWithStore(<PendingIndicator />, { store });
    const tag = screen.getByTestId('outbox-indicator');
    expect(tag).toHaveTextContent('2 pending');
    expect(tag).toHaveTextContent(PENDING_TEXT);
    await userEvent.click(tag);
    expect(screen.getAllByTestId('outbox-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('On a break'),
      expect.stringContaining('+10m on Write the spec'),
    ]);
  });

  it('shows a refused replay with the reason until the member dismisses it', async () => {
    const store = setupStore();
    store.dispatch(outboxActions.loaded([entry('a', '+10m on Write the spec', { status: 409, message: 'This day is closed.' })]));
    renderWithStore(<PendingIndicator />, { store });
    expect(screen.getByTestId('outbox-indicator')).toHaveTextContent('1 not saved');
    await userEvent.click(screen.getByTestId('outbox-indicator'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: This day is closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('outbox-indicator')).toBeNull();
  });
});
