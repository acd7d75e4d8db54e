import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import type { AllocatedTime, TrackerState } from '../../api/types';
import { setupStore } from '../store';
import { renderWithStore } from '../../test/render';
import { CheckoutTrackingTag, STOPPED_HINT } from '../checkout/CheckoutTrackingTag';
import { trackerActions } from '../../features/tracker/slice';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const tracking: TrackerState = { status: 'tracking', task: 7, last_task: 7, started_at: '2026-03-10T09:00:00Z', work_day: 3, seconds_worked: 0 };
const allocated: AllocatedTime = {
  allocated_time: [
    { project: { id: 4, title: 'Website', color: '#13c2c2' }, tasks: [{ task: { id: 7, title: 'Draw the home page' }, total_seconds: 1800 }], total_seconds: 1800 },
  ],
  total_seconds: 1800,
};

describe("the checkout's tracking tag", () => {
  it('shows the server tracker state with its task and follows it live', () => {
    const store = setupStore();
    renderWithStore(<CheckoutTrackingTag />, { store });
    expect(screen.queryByTestId('checkout-tracking-tag')).toBeNull(); // not read yet: nothing to claim
    act(() => {
      store.dispatch(trackerActions.allocatedLoaded({ allocated, readAt: Date.now() }));
      store.dispatch(trackerActions.stateLoaded(tracking));
    });
    const tag = screen.getByTestId('checkout-tracking-tag');
    expect(tag).toHaveAttribute('data-status', 'tracking');
    expect(tag).toHaveTextContent('Tracking· Draw the home page');
    act(() => void store.dispatch(trackerActions.stateLoaded({ ...tracking, status: 'paused' })));
    expect(screen.getByTestId('checkout-tracking-tag')).toHaveAttribute('aria-label', 'Time tracker: paused on Draw the home page');
  });

  it('stopped: a popover on hover or focus tells so, and Close closes it', async () => {
    const store = setupStore();
    store.dispatch(trackerActions.stateLoaded({ ...tracking, status: 'stopped', task: null }));
    // Without motion the popover hides at once (jsdom runs no transitions).
    renderWithStore(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CheckoutTrackingTag />
      </ConfigProvider>,
      { store },
    );
    const tag = screen.getByTestId('checkout-tracking-tag');
    expect(tag).toHaveTextContent('Stopped');
    fireEvent.focus(tag);
    expect(await screen.findByText(STOPPED_HINT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('checkout-tracking-popover').closest('.ant-popover')).toHaveClass('ant-popover-hidden'));
  });
});
