import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { fetchObservableUsers, type ObservableUser } from '../api/checkout';
import { fetchWorkspaceUsers } from '../api/projects';
import type { UserDetails, WorkspaceUser } from '../api/types';

/** A member whose days a screen can show (History, Calendar). */
export interface PickableMember {
  id: number;
  display_name: string;
}

export const seesWorkspace = (viewer: Pick<UserDetails, 'workspace_role' | 'team_page_access_granted_yn'>): boolean =>
  viewer.workspace_role === 'ADMIN' || !!viewer.team_page_access_granted_yn;

/** Whom the member picker offers (the server's visible_users): an admin or team-page owner the
 *  workspace's members; anyone else themself and the members they observe, or nobody (no picker)
 *  when they observe no one. */
export function* pickableMembers(viewer: UserDetails): SagaIterator<PickableMember[]> {
  if (seesWorkspace(viewer)) {
    const users: WorkspaceUser[] = yield call(fetchWorkspaceUsers);
    return users;
  }
  const observed: ObservableUser[] = yield call(fetchObservableUsers);
  const members = observed.map((o) => ({ id: o.observed_user.id, display_name: o.observed_user.display_name }));
  return members.length ? [{ id: viewer.id, display_name: viewer.display_name }, ...members] : [];
}
