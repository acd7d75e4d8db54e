import { describe, expect, it } from 'vitest';
import type { Task, UserDetails } from '../../api/types';
import { sessionActions } from '../../shared/session';
import { errorsActions } from '../../shared/errors/slice';
import { requestsActions } from '../../shared/requests/slice';
import { officeActions } from '../../features/office/slice';
import { profileActions } from '../../features/profile/slice';
import { statusActions } from '../../features/status/slice';
import { tasksActions } from '../../features/tasks/slice';
import { teammatesActions } from '../../features/teammates/slice';
import { personalActions } from '../../features/personal/slice';
import { rootReducer, type RootState } from '../store';

const user = { id: 3, email: 'cy@example.com', full_name: 'Cy', display_name: 'Cy' } as UserDetails;

describe('root reducer', () => {
  it('resets every slice to its initial state on sign-out', () => {
    localStorage.clear();
    const initial = rootReducer(undefined, { type: '@@init' });
    let state: RootState = initial;
    for (const action of [
      sessionActions.sessionStarted(user),
      statusActions.loaded('working'),
      errorsActions.errorRecorded({ title: 'Oops', message: 'Nope.' }),
      requestsActions.requestStarted('form-1'),
      officeActions.scheduleRequested(),
      profileActions.editorOpened(),
      teammatesActions.listRequested(),
      tasksActions.tasksReceived([{ id: 9, title: 'Write' } as Task]),
      personalActions.pageOpened('today'),
    ]) {
      state = rootReducer(state, action);
    }
    const touched = (Object.keys(initial) as (keyof RootState)[]).filter((key) => state[key] !== initial[key]);
    expect(touched).toEqual(expect.arrayContaining(['auth', 'status', 'errors', 'requests', 'office', 'profile', 'teammates', 'tasks', 'personal']));

    const after = rootReducer(state, sessionActions.signedOut());
    expect(after).toEqual(initial);
    expect(after.auth).toMatchObject({ token: null, user: null, session: 'signedOut' });
  });
});
