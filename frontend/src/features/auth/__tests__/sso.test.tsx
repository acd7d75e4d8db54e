import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sso from '../../../api/sso';
import * as storage from '../../../api/storage';
import { renderWithStore } from '../../../test/render';
import { SignInPage } from '../pages/SignInPage';
import SsoCallbackPage from '../pages/SsoCallbackPage';
import { loadSsoProvider, ssoSignIn } from '../ssoWorkers';
import { authActions, authReducer } from '../slice';
import { MESSAGES, signInFailureMessage } from '../validation';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/sso');
vi.mock('../../../api/accounts', () => ({
  obtainToken: vi.fn(() => new Promise(() => {})),
  fetchMe: vi.fn(() => new Promise(() => {})),
  logout: vi.fn(),
  logoutAll: vi.fn(),
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

const provider = { slug: 'acme', workspace_name: 'Acme Remote', provider_name: 'Acme ID', password_sign_in_yn: true };
const user = { email: 'ben@example.com' } as never;

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('single sign-on sagas', () => {
  it('loads the sign-in link’s provider, and says "missing" for a link that names none', async () => {
    vi.mocked(sso.fetchSsoProvider).mockResolvedValue(provider);
    expect(await dispatchedBy(loadSsoProvider, authActions.ssoProviderRequested('acme'))).toEqual([authActions.ssoProviderLoaded(provider)]);
    vi.mocked(sso.fetchSsoProvider).mockRejectedValue(httpError(404, { detail: 'Not found.' }));
    expect(await dispatchedBy(loadSsoProvider, authActions.ssoProviderRequested('gone'))).toEqual([authActions.ssoProviderLoaded('missing')]);
  });

  it('exchanges the one-time code and signs in as a password sign-in does', async () => {
    vi.mocked(sso.exchangeSsoCode).mockResolvedValue({ token: 'tok', user });
    const store = vi.spyOn(storage, 'storeSession');
    expect(await dispatchedBy(ssoSignIn, authActions.ssoCodeSubmitted('code-1'))).toEqual([
      authActions.signInSucceeded({ token: 'tok', email: 'ben@example.com' }),
      authActions.sessionLoadRequested(),
    ]);
    expect(sso.exchangeSsoCode).toHaveBeenCalledWith('code-1');
    expect(store).toHaveBeenCalledWith('tok', 'ben@example.com');
  });

  it('says the code expired or was used on a 400', async () => {
    vi.mocked(sso.exchangeSsoCode).mockRejectedValue(httpError(400, { code: ['This sign-in has expired or was already used. Sign in again.'] }));
    expect(await dispatchedBy(ssoSignIn, authActions.ssoCodeSubmitted('old'))).toEqual([authActions.ssoFailed(MESSAGES.ssoCodeInvalid)]);
  });

  it('keeps the exchange’s state in the slice', () => {
    let state = authReducer(undefined, authActions.ssoCodeSubmitted('x'));
    expect(state.sso).toEqual({ provider: null, exchanging: true, error: null });
    state = authReducer(state, authActions.ssoFailed('nope'));
    expect(state.sso).toEqual({ provider: null, exchanging: false, error: 'nope' });
  });
});

describe('password sign-in off', () => {
  it('says the workspace’s own words for a right password refused', () => {
    const words = "Your workspace signs in with Acme ID: use 'Continue with Acme ID'.";
    expect(signInFailureMessage(400, words)).toBe(words);
    expect(signInFailureMessage(400, 'Something else')).toBe(MESSAGES.wrongCredentials);
  });
});

describe('the sign-in page with a workspace sign-in link', () => {
  it('shows Continue with the provider, a link to its start', async () => {
    vi.mocked(sso.fetchSsoProvider).mockResolvedValue(provider);
    renderWithStore(<SignInPage />, { route: '/?workspace=acme' });
    const button = await screen.findByRole('link', { name: 'Continue with Acme ID' });
    expect(button).toHaveAttribute('href', '/api/accounts/sso/acme/start/');
    expect(sso.fetchSsoProvider).toHaveBeenCalledWith('acme');
    // The password form stays (admins keep their password).
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('says why the provider’s sign-in failed', async () => {
    vi.mocked(sso.fetchSsoProvider).mockResolvedValue(provider);
    renderWithStore(<SignInPage />, { route: '/?workspace=acme&sso_error=email_not_verified' });
    expect(await screen.findByText('Your provider has not verified your email address, so it cannot sign you in here.')).toBeInTheDocument();
  });

  it('says a link that names no workspace does not work', async () => {
    vi.mocked(sso.fetchSsoProvider).mockRejectedValue(httpError(404, { detail: 'Not found.' }));
    renderWithStore(<SignInPage />, { route: '/?workspace=gone' });
    expect(await screen.findByText(/This workspace sign-in link does not work/)).toBeInTheDocument();
  });

  it('loads nothing of single sign-on without a link', () => {
    renderWithStore(<SignInPage />);
    expect(sso.fetchSsoProvider).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });
});

describe('the callback page', () => {
  it('exchanges the fragment’s code and removes it from the address', async () => {
    vi.mocked(sso.exchangeSsoCode).mockReturnValue(new Promise(() => {}));
    window.history.replaceState(null, '', '/sso/callback#code=abc');
    const { store } = renderWithStore(<SsoCallbackPage />, { route: '/sso/callback' });
    await waitFor(() => expect(sso.exchangeSsoCode).toHaveBeenCalledWith('abc'));
    expect(window.location.hash).toBe('');
    expect(store.getState().auth.sso.exchanging).toBe(true);
  });

  it('shows the failure with the way back to sign-in', async () => {
    window.history.replaceState(null, '', '/sso/callback');
    const { store } = renderWithStore(<SsoCallbackPage />, { route: '/sso/callback' });
    expect(await screen.findByText(MESSAGES.ssoCodeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/');
    act(() => {
      store.dispatch(authActions.ssoFailed('Other'));
    });
    expect(await screen.findByText('Other')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign-in' }));
  });
});
