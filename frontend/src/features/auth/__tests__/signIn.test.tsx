import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../test/render';
import { SignInPage } from '../pages/SignInPage';
import { authActions } from '../slice';
import { MESSAGES, signInFailureMessage, validateSignIn } from '../validation';

vi.mock('../../../api/accounts', () => ({
  obtainToken: vi.fn(() => new Promise(() => {})),
  fetchMe: vi.fn(),
  logout: vi.fn(),
  logoutAll: vi.fn(),
}));

describe('validateSignIn', () => {
  it('requires both fields', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateSignIn({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(validateSignIn({ email: 'cy@example.com', password: 'remote-2026' })).toEqual({});
  });

  it('maps server answers to the password message', () => {
    expect(signInFailureMessage(400)).toBe('Username and password does not match!');
    expect(signInFailureMessage(429)).toBe(MESSAGES.throttled);
  });
});

describe('SignInPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the texts of the spec', () => {
    renderWithStore(<SignInPage />);
    expect(screen.getByText('Use your email account.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Password 8+ characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows both required messages on an empty submit and sends nothing', async () => {
    const { store } = renderWithStore(<SignInPage />);
    const dispatch = vi.spyOn(store, 'dispatch');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('submits filled credentials and shows the spinner', async () => {
    const { store } = renderWithStore(<SignInPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'cy@example.com');
    await userEvent.type(screen.getByPlaceholderText('Password 8+ characters'), 'remote-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.getState().auth.signIn.submitting).toBe(true);
    expect(screen.getByRole('button', { name: /Log in/ })).toHaveClass('ant-btn-loading');
  });

  it('shows the server refusal on the password field', async () => {
    const { store } = renderWithStore(<SignInPage />);
    act(() => {
      store.dispatch(authActions.signInFailed(MESSAGES.wrongCredentials));
    });
    expect(await screen.findByText('Username and password does not match!')).toBeInTheDocument();
  });
});
