import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({
  requestPasswordReset: vi.fn(),
  checkPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  fetchSessions: vi.fn(),
  signOutSession: vi.fn(),
  signOutOtherSessions: vi.fn(),
}));
vi.mock('../../../api/selfService', () => api);
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { feedback } from '../../../shared/feedback';
import { SessionsSection } from '../components/SessionsSection';
import { sessionsActions } from '../sessionsSlice';
import { SIGNED_OUT, signOutOne } from '../sessionWorkers';
import { dispatchedBy } from '../../../test/sagas';

const now = new Date().toISOString();
const laptop: Session = { id: 'a'.repeat(24), browser: 'Firefox 128 on Ubuntu', address: '198.51.100.4', signed_in_at: now, last_used_at: now, current: true };
const phone: Session = { id: 'b'.repeat(24), browser: 'Mobile Safari 17 on iOS', address: '203.0.113.7', signed_in_at: now, last_used_at: now, current: false };
const tablet: Session = { ...phone, id: 'c'.repeat(24), browser: 'Chrome 131 on Android', address: '' };

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchSessions.mockReset().mockResolvedValue([laptop, phone, tablet]);
  api.signOutSession.mockReset().mockResolvedValue(undefined);
  api.signOutOtherSessions.mockReset().mockResolvedValue({ detail: 'Every other device is signed out.', signed_out: 2 });
});

describe('Signed-in devices', () => {
  it('lists each device, marks this one, and signs another out', async () => {
    renderWithStore(<SessionsSection />);
    expect(screen.getByTestId('sessions-skeleton')).toBeInTheDocument();
    const mine = await screen.findByRole('listitem', { name: laptop.browser });
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: tablet.browser })).toHaveTextContent('Unknown address');
    expect(screen.getByRole('listitem', { name: phone.browser })).toHaveTextContent('203.0.113.7 · Last used a few seconds ago');

    fireEvent.click(screen.getByRole('button', { name: `Sign out ${phone.browser}` }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: phone.browser })).not.toBeInTheDocument());
    expect(api.signOutSession).toHaveBeenCalledWith(phone.id);
    expect(feedback.success).toHaveBeenCalledWith(SIGNED_OUT);
  });

  it('signs out every other device at once', async () => {
    renderWithStore(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(feedback.success).toHaveBeenCalledWith('Every other device is signed out.');
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign out all other devices/ })).toBeDisabled());
  });

  it('offers to try again when the list cannot be read', async () => {
    api.fetchSessions.mockRejectedValueOnce(httpError(500, { detail: 'Server error' }));
    renderWithStore(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: laptop.browser })).toBeInTheDocument();
  });

  it('a device already gone leaves the list; another refusal keeps it and says why', async () => {
    api.signOutSession.mockRejectedValueOnce(httpError(404, { detail: 'Not found.' }));
    expect(await dispatchedBy(signOutOne, sessionsActions.signOutRequested(phone.id))).toEqual([sessionsActions.sessionGone(phone.id)]);
    api.signOutSession.mockRejectedValueOnce(httpError(429, { detail: 'Request was throttled.' }));
    expect(await dispatchedBy(signOutOne, sessionsActions.signOutRequested(phone.id))).toEqual([sessionsActions.signOutFailed(phone.id)]);
    expect(feedback.failure).toHaveBeenCalled();
  });
});
