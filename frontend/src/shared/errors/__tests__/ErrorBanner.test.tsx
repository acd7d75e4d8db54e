import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../test/render';
import { ErrorBanner } from '../ErrorBanner';
import { errorsActions } from '../slice';

describe('ErrorBanner', () => {
  // The banner's content is a lazy chunk; load it once up front so the first render does not wait
  // on the module transform (the test is about behaviour, not loading).
  beforeAll(async () => {
    await import('../ErrorBannerContent');
  });

  it("shows '{title}.' with 'More info', and 'Got it' clears the error", async () => {
    const { store } = renderWithStore(<ErrorBanner />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      store.dispatch(errorsActions.errorRecorded({ title: 'Get next calendar schedule error', message: 'Server said no' }));
    });
    // Waits past findBy's default 1 s: the first Alert builds antd's styles, slow on a loaded machine.
    expect(await screen.findByText(/Get next calendar schedule error\./, undefined, { timeout: 8000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'More info' }));
    expect(await screen.findByText('Server said no')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(store.getState().errors.current).toBeNull());
    expect(screen.queryByText(/Get next calendar schedule error\./)).toBeNull();
    // A harness limit, not a timing assertion: a lazy chunk, a modal and its animations took close to
    // vitest's default 5 s on this shared 2-core machine at load 20.
  }, 20_000);
});
