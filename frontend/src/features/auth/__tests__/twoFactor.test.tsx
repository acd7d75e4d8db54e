import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as accounts from '../../../api/accounts';
import * as twoFactorApi from '../../../api/twoFactor';
import * as storage from '../../../api/storage';
import { renderWithStore } from '../../../test/render';
import { runSagaOn, type FakeStore } from '../../../test/sagas';
import { SignInPage } from '../pages/SignInPage';
import { signIn } from '../sagas';
import { begin as twoFactorBegin, continueAfterSetup, submitTwoFactorCode } from '../twoFactorWorkers';
import { signInTwoFactorActions, signInTwoFactorReducer, type SignInTwoFactorState } from '../twoFactorSlice';
import { authActions, authReducer, initialAuthState, type AuthState } from '../slice';
import { TEXTS } from '../twoFactorTexts';

vi.mock('../../../api/accounts');
vi.mock('../../../api/twoFactor');
vi.mock('../../../api/storage', async (original) => ({ ...(await original<object>()), storeSession: vi.fn() }));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

interface State {
  auth: AuthState;
  signInTwoFactor: SignInTwoFactorState;
}

/** The fake store of the sign-in sagas: the auth and second-step slices, each kept by its reducer. */
const onSignIn = (start: State = { auth: initialAuthState(), signInTwoFactor: { pending: null } }): FakeStore<State> => ({
  state: start,
  reduce: (state, a) => ({ auth: authReducer(state.auth, a), signInTwoFactor: signInTwoFactorReducer(state.signInTwoFactor, a) }),
});

const credentials = authActions.signInSubmitted({ email: 'ada@example.com', password: 'remote-2026' });
const begin = (step: 'code' | 'setup', ticket: string) => ({ type: 'signInTwoFactor/begin', payload: { step, ticket, email: 'ada@example.com' } });

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('the sign-in sagas with two-factor sign-in', () => {
  it('without two-factor the token answer signs in as before', async () => {
    vi.mocked(accounts.obtainToken).mockResolvedValue({ token: 'k1' });
    const { auth } = (await runSagaOn(onSignIn(), signIn, credentials)).state;
    expect(storage.storeSession).toHaveBeenCalledWith('k1', 'ada@example.com');
    expect(auth.token).toBe('k1');
  });

  it('a ticket asks for the code and keeps no token', async () => {
    vi.mocked(accounts.obtainToken).mockResolvedValue({ two_factor_required: true, ticket: 't1' });
    const state = (await runSagaOn(onSignIn(), signIn, credentials)).state;
    expect(storage.storeSession).not.toHaveBeenCalled();
    expect(state.auth.token).toBeNull();
    expect(state.signInTwoFactor.pending).toMatchObject({ step: 'code', ticket: 't1', email: 'ada@example.com' });
  });

  it('the right code signs in; a wrong one stays with the server words; a spent ticket goes back to the password', async () => {
    const asked = (await runSagaOn(onSignIn(), twoFactorBegin, begin('code', 't1'))).state;
    vi.mocked(twoFactorApi.signInWithCode).mockRejectedValueOnce(httpError(400, { code: ['That code is not correct.'] }));
    const wrong = (await runSagaOn(onSignIn(asked), submitTwoFactorCode, signInTwoFactorActions.codeSubmitted('000000'))).state;
    expect(wrong.signInTwoFactor.pending?.error).toBe('That code is not correct.');
    expect(wrong.auth.token).toBeNull();

    vi.mocked(twoFactorApi.signInWithCode).mockRejectedValueOnce(httpError(400, { ticket: ['This sign-in has expired.'] }));
    const expired = (await runSagaOn(onSignIn(asked), submitTwoFactorCode, signInTwoFactorActions.codeSubmitted('123456'))).state;
    expect(expired.signInTwoFactor.pending).toBeNull();
    expect(expired.auth.signIn.error).toBe('This sign-in has expired.');

    vi.mocked(twoFactorApi.signInWithCode).mockResolvedValueOnce({ token: 'k2' });
    const right = (await runSagaOn(onSignIn(asked), submitTwoFactorCode, signInTwoFactorActions.codeSubmitted('123456'))).state;
    expect(twoFactorApi.signInWithCode).toHaveBeenLastCalledWith('t1', '123456');
    expect(right.auth.token).toBe('k2');
    expect(right.signInTwoFactor.pending).toBeNull();
    expect(storage.storeSession).toHaveBeenCalledWith('k2', 'ada@example.com');
  });

  it('a workspace that requires it: set up, the recovery codes, then the session', async () => {
    vi.mocked(twoFactorApi.startSetupWithTicket).mockResolvedValue({ secret: 'ABCD', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg/>' });
    const started = (await runSagaOn(onSignIn(), twoFactorBegin, begin('setup', 's1'))).state;
    expect(twoFactorApi.startSetupWithTicket).toHaveBeenCalledWith('s1');
    expect(started.signInTwoFactor.pending).toMatchObject({ step: 'setup', setup: { secret: 'ABCD' } });

    vi.mocked(twoFactorApi.confirmSetupWithTicket).mockResolvedValue({ token: 'k3', recovery_codes: ['a', 'b'] });
    const confirmed = (await runSagaOn(onSignIn(started), submitTwoFactorCode, signInTwoFactorActions.codeSubmitted('123456'))).state;
    expect(confirmed.signInTwoFactor.pending?.recoveryCodes).toEqual(['a', 'b']);
    expect(confirmed.auth.token).toBeNull(); // not until the codes were seen

    const done = (await runSagaOn(onSignIn(confirmed), continueAfterSetup, signInTwoFactorActions.continued())).state;
    expect(done.auth.token).toBe('k3');
    expect(storage.storeSession).toHaveBeenCalledWith('k3', 'ada@example.com');
  });
});

describe('the second step on the sign-in page', () => {
  it('asks for the app code, offers a recovery code, and sends what was typed', async () => {
    vi.mocked(twoFactorApi.signInWithCode).mockReturnValue(new Promise(() => {}));
    const { store } = renderWithStore(<SignInPage />);
    act(() => {
      store.dispatch(signInTwoFactorActions.asked({ step: 'code', ticket: 't1', email: 'ada@example.com' }));
    });
    expect(await screen.findByText(TEXTS.appLead)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.codeRequired);
    expect(store.getState().signInTwoFactor?.pending?.submitting).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: TEXTS.useRecovery }));
    expect(screen.getByText(TEXTS.recoveryLead)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcdabcdabcdabcd');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(store.getState().signInTwoFactor?.pending?.submitting).toBe(true);
    expect(twoFactorApi.signInWithCode).toHaveBeenCalledWith('t1', 'abcdabcdabcdabcd');
  });

  it("shows the server's refusal and goes back to the password", async () => {
    const { store } = renderWithStore(<SignInPage />);
    act(() => {
      store.dispatch(signInTwoFactorActions.asked({ step: 'code', ticket: 't1', email: 'ada@example.com' }));
      store.dispatch(signInTwoFactorActions.failed('That code is not correct.'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(store.getState().signInTwoFactor?.pending ?? null).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
