import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../../api/twoFactor';
import { renderWithStore } from '../../../test/render';
import { runSagaOn, type FakeStore } from '../../../test/sagas';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { CODES_REPLACED, confirmSetup, newRecoveryCodes, startSetup, turnOff } from '../twoFactorWorkers';
import { feedback } from '../../../shared/feedback';
import { initialTwoFactorState, twoFactorActions, twoFactorReducer, type TwoFactorSectionState } from '../twoFactorSlice';

vi.mock('../../../api/twoFactor');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

/** The fake store of the section's sagas: the section's slice, kept by its reducer. */
const onSection = (start: TwoFactorSectionState = initialTwoFactorState): FakeStore<TwoFactorSectionState> => ({
  state: start,
  reduce: (state, a) => twoFactorReducer(state, a as never),
});

const OFF = { enabled: false, recovery_codes_left: 0, required_by_workspace: false };
const ON = { enabled: true, recovery_codes_left: 10, required_by_workspace: false };
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };

beforeEach(() => vi.resetAllMocks());

describe('the profile two-factor sagas', () => {
  it('a wrong password stays at the field; the right one shows the key', async () => {
    vi.mocked(api.startTwoFactorSetup).mockRejectedValueOnce(httpError(400, { password: ['The password is not correct.'] }));
    const refused = (await runSagaOn(onSection(), startSetup, twoFactorActions.setupRequested('nope'))).state;
    expect(refused).toMatchObject({ busy: false, error: 'The password is not correct.', setup: null });
    vi.mocked(api.startTwoFactorSetup).mockResolvedValueOnce(SETUP);
    const started = (await runSagaOn(onSection(), startSetup, twoFactorActions.setupRequested('remote-2026'))).state;
    expect(api.startTwoFactorSetup).toHaveBeenLastCalledWith('remote-2026');
    expect(started.setup).toEqual(SETUP);
  });

  it('a code turns it on and keeps the recovery codes to show once', async () => {
    vi.mocked(api.confirmTwoFactor).mockResolvedValue({ recovery_codes: ['one', 'two'] });
    vi.mocked(api.fetchTwoFactor).mockResolvedValue(ON);
    const state = (await runSagaOn(onSection({ ...initialTwoFactorState, setup: SETUP, state: OFF }), confirmSetup, twoFactorActions.confirmRequested('123456'))).state;
    expect(state).toMatchObject({ setup: null, recoveryCodes: ['one', 'two'], state: ON });
    expect(twoFactorReducer(state, twoFactorActions.dismissed()).recoveryCodes).toBeNull();
  });

  it('turning off sends the password (or code) and reads the state again', async () => {
    vi.mocked(api.disableTwoFactor).mockResolvedValue({ detail: 'Two-factor sign-in is off.' });
    vi.mocked(api.fetchTwoFactor).mockResolvedValue(OFF);
    const state = (await runSagaOn(onSection({ ...initialTwoFactorState, state: ON }), turnOff, twoFactorActions.disableRequested({ password: 'x', code: 'x' }))).state;
    expect(api.disableTwoFactor).toHaveBeenCalledWith({ password: 'x', code: 'x' });
    expect(state.state).toEqual(OFF);
  });
});

describe('new recovery codes', () => {
  const NEW = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10'];

  it('a wrong code stays at the field and nothing else changes', async () => {
    const start = { ...initialTwoFactorState, state: { ...ON, recovery_codes_left: 2 } };
    vi.mocked(api.replaceRecoveryCodes).mockRejectedValueOnce(httpError(400, { code: ['That code is not correct.'] }));
    const state = (await runSagaOn(onSection(start), newRecoveryCodes, twoFactorActions.recoveryCodesRequested('000000'))).state;
    expect(api.replaceRecoveryCodes).toHaveBeenCalledWith('000000');
    expect(state).toEqual({ ...start, error: 'That code is not correct.' });
    expect(api.fetchTwoFactor).not.toHaveBeenCalled();
    expect(feedback.success).not.toHaveBeenCalled();
    expect(feedback.failure).not.toHaveBeenCalled();
  });

  it('a right code keeps the new codes to show once, reads the count again and says so', async () => {
    vi.mocked(api.replaceRecoveryCodes).mockResolvedValueOnce({ recovery_codes: NEW });
    vi.mocked(api.fetchTwoFactor).mockResolvedValueOnce(ON);
    const start = { ...initialTwoFactorState, state: { ...ON, recovery_codes_left: 0 } };
    const state = (await runSagaOn(onSection(start), newRecoveryCodes, twoFactorActions.recoveryCodesRequested('123456'))).state;
    expect(state).toMatchObject({ busy: false, error: null, newRecoveryCodes: NEW, recoveryCodes: null, state: ON });
    expect(feedback.success).toHaveBeenCalledWith(CODES_REPLACED);
    expect(twoFactorReducer(state, twoFactorActions.dismissed()).newRecoveryCodes).toBeNull();
  });

  it('the dialog asks for the code, keeps a refusal on screen, then shows the codes with Copy and Download', async () => {
    // Through the profile's sagas (the section loads its state, then each call goes to the API).
    vi.mocked(api.fetchTwoFactor).mockResolvedValueOnce({ ...ON, recovery_codes_left: 1 }).mockResolvedValue(ON);
    vi.mocked(api.replaceRecoveryCodes)
      .mockRejectedValueOnce(httpError(400, { code: ['That code is not correct.'] }))
      .mockResolvedValueOnce({ recovery_codes: NEW });
    const { store } = renderWithStore(<TwoFactorSection />);
    expect(await screen.findByText(/1 recovery code left/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    const make = within(dialog).getByRole('button', { name: 'Make new codes' });
    expect(make).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Code from the app'), '000000');
    await userEvent.click(make);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not correct.');
    expect(within(dialog).getByLabelText('Code from the app')).toHaveValue('000000');
    await userEvent.clear(within(dialog).getByLabelText('Code from the app'));
    await userEvent.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: /Make new codes/ })); // its loading icon's leave motion stays in jsdom
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(NEW);
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(api.replaceRecoveryCodes).toHaveBeenLastCalledWith('123456');
    expect(screen.getByText(/10 recovery codes left/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I saved my recovery codes' }));
    await waitFor(() => expect(store.getState().twoFactor?.newRecoveryCodes ?? null).toBeNull());
  });
});

describe('TwoFactorSection', () => {
  it('asks the password before the set-up, shows the QR code and the key, then the recovery codes', async () => {
    vi.mocked(api.fetchTwoFactor).mockReturnValue(new Promise(() => {}));
    const { store } = renderWithStore(<TwoFactorSection />);
    act(() => {
      store.dispatch(twoFactorActions.loaded(OFF));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    act(() => {
      store.dispatch(twoFactorActions.setupStarted(SETUP));
    });
    expect(screen.getByAltText('QR code to scan with your authenticator app')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    act(() => {
      store.dispatch(twoFactorActions.turnedOn({ recoveryCodes: ['aaaa', 'bbbb'], state: ON }));
    });
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaabbbb');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I saved my recovery codes' }));
    expect(screen.getByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('offers no turning off when the workspace requires it', () => {
    vi.mocked(api.fetchTwoFactor).mockReturnValue(new Promise(() => {}));
    const { store } = renderWithStore(<TwoFactorSection />);
    act(() => {
      store.dispatch(twoFactorActions.loaded({ ...ON, required_by_workspace: true }));
    });
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your workspace requires two-factor sign-in/)).toBeInTheDocument();
    // New recovery codes are not turning it off: offered all the same.
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });
});
