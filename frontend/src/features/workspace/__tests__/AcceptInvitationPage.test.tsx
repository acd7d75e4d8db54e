import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ checkInvitation: vi.fn(), acceptInvitation: vi.fn() }));
vi.mock('../../../api/workspace', () => api);

import AcceptInvitationPage from '../pages/AcceptInvitationPage';

const info = { email: 'dee@example.com', display_name: 'Dee', workspace_name: 'Acme Remote' };
const page = (
  <Routes>
    <Route path="/accept-invitation/:token" element={<AcceptInvitationPage />} />
  </Routes>
);

beforeEach(() => {
  api.checkInvitation.mockReset().mockResolvedValue(info);
  api.acceptInvitation.mockReset().mockResolvedValue(info);
});

describe('the accept-invitation page', () => {
  it('sets the password once both fields agree', async () => {
    renderWithStore(page, { route: '/accept-invitation/abc' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Remote' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'long-enough-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(api.acceptInvitation).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set')).toBeInTheDocument();
    expect(api.acceptInvitation).toHaveBeenCalledWith('abc', 'long-enough-1');
  });

  it('says why a link does not work', async () => {
    api.checkInvitation.mockRejectedValue({
      isAxiosError: true,
      message: 'Bad Request',
      response: { status: 400, data: { token: ['This invitation link has expired. Ask your workspace admin for a new one.'] } },
    });
    renderWithStore(page, { route: '/accept-invitation/old' });
    expect(await screen.findByText('This invitation link has expired. Ask your workspace admin for a new one.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('New password')).not.toBeInTheDocument());
  });
});
