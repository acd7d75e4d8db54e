import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/accounts';
import { errorsActions } from '../../../shared/errors/slice';
import { feedback } from '../../../shared/feedback';
import { requestsActions } from '../../../shared/requests/slice';
import { changePasswordWorker } from '../sagas';
import { profileActions } from '../slice';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/accounts');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

const change = profileActions.passwordChangeRequested({ requestId: 'p1', body: { current_password: 'old-one-1', new_password: 'new-one-12' } });

beforeEach(() => vi.resetAllMocks());

describe('changing the password', () => {
  it("says the server's words and tells the form it went through", async () => {
    vi.mocked(api.changePassword).mockResolvedValue({ detail: 'Password changed. Your other devices are signed out.' });
    const dispatched = await dispatchedBy(changePasswordWorker, change);
    expect(api.changePassword).toHaveBeenCalledWith({ current_password: 'old-one-1', new_password: 'new-one-12' });
    expect(feedback.success).toHaveBeenCalledWith('Password changed. Your other devices are signed out.');
    expect(dispatched).toEqual([requestsActions.requestStarted('p1'), requestsActions.requestSucceeded({ requestId: 'p1' })]);
  });

  it('a refused field (400) goes back to the form next to it, no toast, no banner', async () => {
    vi.mocked(api.changePassword).mockRejectedValue(httpError(400, { current_password: ['The current password is wrong.'] }));
    const dispatched = await dispatchedBy(changePasswordWorker, change);
    expect(dispatched).toContainEqual(
      requestsActions.requestFailed({ requestId: 'p1', fieldErrors: { current_password: ['The current password is wrong.'] }, message: expect.any(String) as string }),
    );
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(dispatched.some((a) => a.type === errorsActions.errorRecorded.type)).toBe(false);
  });

  it('another refusal (4xx) is a toast with the server words; a 5xx goes to the banner', async () => {
    vi.mocked(api.changePassword).mockRejectedValue(httpError(429, { detail: 'Too many attempts.' }));
    let dispatched = await dispatchedBy(changePasswordWorker, change);
    expect(feedback.failure).toHaveBeenCalledWith('Too many attempts.');
    expect(dispatched.some((a) => a.type === errorsActions.errorRecorded.type)).toBe(false);
    vi.mocked(api.changePassword).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    dispatched = await dispatchedBy(changePasswordWorker, change);
    expect(dispatched).toContainEqual(errorsActions.errorRecorded({ title: 'The password could not be changed', message: 'Server error' }));
  });
});
