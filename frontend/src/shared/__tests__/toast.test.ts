import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { feedback, failureText, TOAST_SECONDS } from '../feedback';
import { toastFailure, toastSuccess } from '../toast';
import { errorsActions } from '../errors/slice';
import { sessionActions } from '../session';
import { openMessage } from '../feedbackHost';
import { runSagaOn } from '../../test/sagas';

vi.mock('../feedbackHost', () => ({
  openMessage: vi.fn(),
  destroyMessage: vi.fn(),
  confirm: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../../api/storage', () => ({ clearStoredSession: vi.fn(), readStoredSession: () => ({ token: null }) }));

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

/** The antd message calls, once the lazy host has answered. */
async function shownMessages() {
  await vi.waitFor(() => expect(openMessage).toHaveBeenCalled());
  return vi.mocked(openMessage).mock.calls.map(([args]) => args);
}

beforeEach(() => vi.mocked(openMessage).mockClear());

describe('the toast helper', () => {
  it('says a write worked in a short success toast', async () => {
    feedback.success('Profile saved.');
    expect(await shownMessages()).toEqual([{ type: 'success', content: 'Profile saved.', duration: TOAST_SECONDS.success }]);
  });

  it('shows a failure in an error toast that stays longer', async () => {
    feedback.failure('Nope.');
    expect(await shownMessages()).toEqual([{ type: 'error', content: 'Nope.', duration: TOAST_SECONDS.failure }]);
  });

  it('toastSuccess shows the text', async () => {
    const { dispatched } = await runSagaOn({ state: {} }, toastSuccess, 'Member added.');
    expect(dispatched).toEqual([]);
    expect(await shownMessages()).toEqual([expect.objectContaining({ type: 'success', content: 'Member added.' })]);
  });

  it("toastFailure shows the server's 400 message without the field name and records no banner", async () => {
    const error = httpError(400, { detail: 'There should be at least one owner.' });
    const { dispatched, result } = await runSagaOn({ state: {} }, toastFailure, error, 'Remove project member error');
    expect(result).toBe(400);
    expect(dispatched).toEqual([]);
    expect(await shownMessages()).toEqual([
      expect.objectContaining({ type: 'error', content: 'There should be at least one owner.' }),
    ]);
  });

  it('toastFailure joins field messages and falls back to the title when the body says nothing', async () => {
    expect(failureText(httpError(400, { access_type_enum: ['There should be at least one owner.'] }), 'x')).toBe(
      'There should be at least one owner.',
    );
    expect(failureText(httpError(403, {}), 'Update error.')).toBe('Update error.');
  });

  it('toastFailure sends a server failure to the global banner, not a toast', async () => {
    const { dispatched, result } = await runSagaOn({ state: {} }, toastFailure, httpError(500, '<html>'), 'Archive task list error');
    expect(result).toBe(500);
    expect(dispatched).toEqual([errorsActions.errorRecorded({ title: 'Archive task list error', message: '<html>' })]);
    expect(openMessage).not.toHaveBeenCalled();
  });

  it('toastFailure ends the session on a 401', async () => {
    const { dispatched } = await runSagaOn({ state: {} }, toastFailure, httpError(401, { detail: 'Invalid token.' }), 'Save error');
    expect(dispatched).toEqual([sessionActions.signedOut()]);
    expect(openMessage).not.toHaveBeenCalled();
  });
});
