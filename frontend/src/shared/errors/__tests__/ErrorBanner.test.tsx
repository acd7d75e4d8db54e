import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../test/render';
import { ErrorBanner } from '../ErrorBanner';
import { errorsActions } from '../slice';

describe('ErrorBanner', () => {
  it("shows '{title}.' with 'More info', and 'Got it' clears the error", async () => {
    const { store } = renderWithStore(<ErrorBanner />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      store.dispatch(errorsActions.errorRecorded({ title: 'Get next calendar schedule error', message: 'Server said no' }));
    });
    expect(screen.getByText(/Get next calendar schedule error\./)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'More info' }));
    expect(await screen.findByText('Server said no')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(store.getState().errors.current).toBeNull());
    expect(screen.queryByText(/Get next calendar schedule error\./)).toBeNull();
  });
});
