import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

import ForgotPasswordPage, { EMAIL_INVALID, EMAIL_REQUIRED } from '../pages/ForgotPasswordPage';
import ResetPasswordPage, { PASSWORDS_DIFFER, PASSWORD_TOO_SHORT } from '../pages/ResetPasswordPage';

const SENT = 'If an account uses this address, we have sent it a link to set a new password.';
const pages = (
  <Routes>
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password/:uid/:token" element={<ResetPasswordPage />} />
    <Route path="/" element={<p>Sign-in page</p>} />
  </Routes>
);

beforeEach(() => {
  api.requestPasswordReset.mockReset().mockResolvedValue({ detail: SENT });
  api.checkPasswordReset.mockReset().mockResolvedValue({ email: 'cy@example.com' });
  api.confirmPasswordReset.mockReset().mockResolvedValue({ detail: 'Your password is set. Sign in with it.' });
});

describe('Forgot password?', () => {
  it('checks the address, sends it, and shows the one answer', async () => {
    renderWithStore(pages, { route: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(EMAIL_REQUIRED)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cy@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' cy@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(api.requestPasswordReset).toHaveBeenCalledWith('cy@example.com');
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });
});

describe('the link’s page', () => {
  it('names the account and sets the password once both fields agree', async () => {
    renderWithStore(pages, { route: '/reset-password/MQ/abc-123' });
    expect(await screen.findByText('cy@example.com')).toBeInTheDocument();
    expect(api.checkPasswordReset).toHaveBeenCalledWith({ uid: 'MQ', token: 'abc-123' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'long-enough-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(api.confirmPasswordReset).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set')).toBeInTheDocument();
    expect(api.confirmPasswordReset).toHaveBeenCalledWith({ uid: 'MQ', token: 'abc-123', new_password: 'long-enough-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
  });

  it('says why a link does not work and offers a new one', async () => {
    api.checkPasswordReset.mockRejectedValue({
      isAxiosError: true,
      message: 'Bad Request',
      response: { status: 400, data: { token: ['This link to set a new password is not valid or has expired. Ask for a new one.'] } },
    });
    renderWithStore(pages, { route: '/reset-password/MQ/old' });
    expect(await screen.findByText('This link to set a new password is not valid or has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
