import { describe, expect, it, vi, beforeEach } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { handleApiError } from '../handleApiError';
import { sessionActions } from '../../session';
import { errorsActions } from '../slice';
import { setupStore } from '../../../app/store';
import { fetchMe } from '../../../api/accounts';
import { fetchCurrentUserStatus } from '../../../api/work';
import { runSagaOn } from '../../../test/sagas';

vi.mock('../../../api/accounts', () => ({
  obtainToken: vi.fn(),
  fetchMe: vi.fn(),
  logout: vi.fn(),
  logoutAll: vi.fn(),
}));
vi.mock('../../../api/work', () => ({
  fetchCurrentUserStatus: vi.fn(),
  leaveOffice: vi.fn(),
  createLogUserStatus: vi.fn(),
}));

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

describe('handleApiError', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('email', 'cy@example.com');
  });

  it('ends the session on 401: clears token and email and signs out', async () => {
    const dispatched = (await runSagaOn({ state: {} }, handleApiError, httpError(401, { detail: 'Invalid token.' }), 'Anything')).dispatched;
    expect(dispatched).toEqual([sessionActions.signedOut()]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('records any other failure with its title and the server text', async () => {
    const dispatched = (await runSagaOn({ state: {} }, handleApiError, httpError(500, { detail: 'Boom' }), 'Get tasks in next workday error')).dispatched;
    expect(dispatched).toEqual([errorsActions.errorRecorded({ title: 'Get tasks in next workday error', message: 'Boom' })]);
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('signs a restored session out when the server answers 401', async () => {
    vi.mocked(fetchMe).mockRejectedValue(httpError(401, { detail: 'Invalid token.' }));
    vi.mocked(fetchCurrentUserStatus).mockRejectedValue(httpError(401, { detail: 'Invalid token.' }));
    const store = setupStore();
    expect(store.getState().auth.token).toBe('abc');
    await vi.waitFor(() => expect(store.getState().auth.session).toBe('signedOut'));
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().errors.current).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
