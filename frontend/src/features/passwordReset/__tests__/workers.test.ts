import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/selfService';
import { initialPasswordResetState, passwordResetActions as actions, passwordResetReducer } from '../slice';
import { checkLink, confirm, NO_ANSWER, requestLink, TOO_MANY } from '../workers';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/selfService');

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

const link = { uid: 'MQ', token: 'abc-123' };
const sent = 'If an account uses this address, we have sent it a link to set a new password.';

beforeEach(() => vi.resetAllMocks());

describe('asking for a link', () => {
  it('shows the server’s one answer', async () => {
    vi.mocked(api.requestPasswordReset).mockResolvedValue({ detail: sent });
    expect(await dispatchedBy(requestLink, actions.requestSubmitted({ email: 'cy@example.com' }))).toEqual([actions.requestSent(sent)]);
    expect(api.requestPasswordReset).toHaveBeenCalledWith('cy@example.com');
  });

  it('says to wait when throttled, and the field’s message on a refusal', async () => {
    vi.mocked(api.requestPasswordReset).mockRejectedValue(httpError(429, { detail: 'Request was throttled.' }));
    expect(await dispatchedBy(requestLink, actions.requestSubmitted({ email: 'cy@example.com' }))).toEqual([actions.requestFailed(TOO_MANY)]);
    vi.mocked(api.requestPasswordReset).mockRejectedValue(httpError(400, { email: ['Enter a valid email address.'] }));
    expect(await dispatchedBy(requestLink, actions.requestSubmitted({ email: 'x' }))).toEqual([actions.requestFailed('Enter a valid email address.')]);
    vi.mocked(api.requestPasswordReset).mockRejectedValue(new Error('Network Error'));
    expect(await dispatchedBy(requestLink, actions.requestSubmitted({ email: 'x@y.z' }))).toEqual([actions.requestFailed(NO_ANSWER)]);
  });
});

describe('the link', () => {
  it('names its account, or says why it does not work', async () => {
    vi.mocked(api.checkPasswordReset).mockResolvedValue({ email: 'cy@example.com' });
    expect(await dispatchedBy(checkLink, actions.linkOpened(link))).toEqual([actions.linkValid('cy@example.com')]);
    vi.mocked(api.checkPasswordReset).mockRejectedValue(httpError(400, { token: ['This link has expired.'] }));
    expect(await dispatchedBy(checkLink, actions.linkOpened(link))).toEqual([actions.linkInvalid('This link has expired.')]);
  });

  it('sets the password, keeps a refused password on the form, and a spent link leaves the form', async () => {
    const submitted = actions.confirmSubmitted({ ...link, newPassword: 'a-fresh-passphrase-77' });
    vi.mocked(api.confirmPasswordReset).mockResolvedValue({ detail: 'Your password is set.' });
    expect(await dispatchedBy(confirm, submitted)).toEqual([actions.confirmSucceeded('Your password is set.')]);
    expect(api.confirmPasswordReset).toHaveBeenCalledWith({ uid: 'MQ', token: 'abc-123', new_password: 'a-fresh-passphrase-77' });

    vi.mocked(api.confirmPasswordReset).mockRejectedValue(httpError(400, { new_password: ['This password is too common.'] }));
    expect(await dispatchedBy(confirm, submitted)).toEqual([actions.confirmFailed('This password is too common.')]);
    vi.mocked(api.confirmPasswordReset).mockRejectedValue(httpError(400, { token: ['Used.'] }));
    expect(await dispatchedBy(confirm, submitted)).toEqual([actions.linkInvalid('Used.')]);
  });
});

describe('the slice', () => {
  it('a new link starts a fresh form', () => {
    let state = passwordResetReducer(initialPasswordResetState, actions.confirmFailed('Too common'));
    state = passwordResetReducer(state, actions.linkOpened(link));
    expect(state.link.status).toBe('checking');
    expect(state.confirm).toEqual(initialPasswordResetState.confirm);
  });
});
