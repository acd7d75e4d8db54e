import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../../api/sso';
import type { SsoSettings as Settings } from '../../../api/types';
import { feedback } from '../../../shared/feedback';
import { renderWithStore } from '../../../test/render';
import { setupStore } from '../../../app/store';
import SsoSettings from '../components/SsoSettings';
import { workspaceActions, workspaceReducer } from '../slice';
import { loadSso, removeSso, saveSso, testSso } from '../workers';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/sso');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

const empty: Settings = {
  configured: false,
  slug: '',
  provider_name: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  enabled_yn: true,
  password_sign_in_yn: true,
  redirect_uri: 'http://localhost/api/accounts/sso/callback/',
  sign_in_url: '',
};
const saved: Settings = {
  ...empty,
  configured: true,
  slug: 'acme',
  provider_name: 'Acme ID',
  issuer: 'https://id.acme.test',
  client_id: 'remote-office',
  client_secret: '••••••••4242',
  password_sign_in_yn: false,
  sign_in_url: 'http://localhost/?workspace=acme',
};
const body = {
  provider_name: 'Acme ID',
  issuer: 'https://id.acme.test',
  client_id: 'remote-office',
  client_secret: 'the-secret-4242',
  enabled_yn: true,
  password_sign_in_yn: false,
};

beforeEach(() => vi.resetAllMocks());

describe('single sign-on workers', () => {
  it('load and save the settings; a 400 keeps the field messages', async () => {
    vi.mocked(api.fetchSsoSettings).mockResolvedValue(empty);
    expect(await dispatchedBy(loadSso, workspaceActions.ssoRequested())).toEqual([workspaceActions.ssoLoaded(empty)]);
    vi.mocked(api.saveSsoSettings).mockResolvedValue(saved);
    expect(await dispatchedBy(saveSso, workspaceActions.ssoSaveRequested(body))).toEqual([workspaceActions.ssoLoaded(saved)]);
    expect(feedback.success).toHaveBeenCalledWith('Single sign-on saved.');
    vi.mocked(api.saveSsoSettings).mockRejectedValue(httpError(400, { issuer: ['The issuer must be an https address.'] }));
    expect(await dispatchedBy(saveSso, workspaceActions.ssoSaveRequested(body))).toEqual([
      workspaceActions.ssoSaveFailed({ issuer: ['The issuer must be an https address.'] }),
    ]);
  });

  it('remove the settings and read them again', async () => {
    vi.mocked(api.fetchSsoSettings).mockResolvedValue(empty);
    expect(await dispatchedBy(removeSso, workspaceActions.ssoRemoveRequested())).toEqual([workspaceActions.ssoLoaded(empty)]);
    expect(api.removeSsoSettings).toHaveBeenCalled();
  });

  it('test the issuer: the answer or the reason', async () => {
    vi.mocked(api.testSsoIssuer).mockResolvedValue({ detail: 'The provider answered.', issuer: 'https://id.acme.test', authorization_endpoint: 'https://id.acme.test/auth' });
    expect(await dispatchedBy(testSso, workspaceActions.ssoTestRequested('https://id.acme.test'))).toEqual([
      workspaceActions.ssoTested({ ok: true, message: 'The provider answered. Signs in at https://id.acme.test/auth' }),
    ]);
    vi.mocked(api.testSsoIssuer).mockRejectedValue(httpError(400, { issuer: ["The provider's discovery document could not be read at this issuer."] }));
    expect(await dispatchedBy(testSso, workspaceActions.ssoTestRequested('https://nowhere.test'))).toEqual([
      workspaceActions.ssoTested({ ok: false, message: "The provider's discovery document could not be read at this issuer." }),
    ]);
  });

  it('the slice keeps saving and the field messages', () => {
    let state = workspaceReducer(undefined, workspaceActions.ssoSaveRequested(body));
    expect(state.sso.saving).toBe(true);
    state = workspaceReducer(state, workspaceActions.ssoSaveFailed({ client_secret: ['Enter the client secret.'] }));
    expect(state.sso).toMatchObject({ saving: false, errors: { client_secret: ['Enter the client secret.'] } });
  });
});

describe('the settings form', () => {
  it('shows the saved provider with the secret masked, and sends what it shows', async () => {
    vi.mocked(api.fetchSsoSettings).mockResolvedValue(saved);
    vi.mocked(api.saveSsoSettings).mockReturnValue(new Promise(() => {}));
    const store = setupStore();
    const dispatch = vi.spyOn(store, 'dispatch');
    renderWithStore(<SsoSettings />, { store });
    await waitFor(() => expect(screen.getByLabelText('Client secret')).toHaveValue('••••••••4242'));
    expect(screen.getByText('http://localhost/?workspace=acme')).toBeInTheDocument();
    expect(screen.getByText('http://localhost/api/accounts/sso/callback/')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Members may also sign in with a password' })).not.toBeChecked();
    await userEvent.clear(screen.getByLabelText('Provider name'));
    await userEvent.type(screen.getByLabelText('Provider name'), 'Okta');
    await userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        workspaceActions.ssoSaveRequested({ ...body, provider_name: 'Okta', client_secret: '••••••••4242' }),
      ),
    );
  });

  it('shows a field message from the server', async () => {
    vi.mocked(api.fetchSsoSettings).mockResolvedValue(empty);
    const { store } = renderWithStore(<SsoSettings />);
    await screen.findByLabelText('Issuer');
    store.dispatch(workspaceActions.ssoSaveFailed({ issuer: ['The issuer must be an https address.'] }));
    expect(await screen.findByText('The issuer must be an https address.')).toBeInTheDocument();
  });
});
