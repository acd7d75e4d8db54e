import { call, delay, put } from 'redux-saga/effects';
import { describe, expect, it } from 'vitest';
import { fetchWorkspaceUsers } from '../../../api/projects';
import type { WorkspaceUser } from '../../../api/types';
import { MEMBER_SEARCH_DEBOUNCE_MS, searchWorkspaceUsers } from '../workers';
import { projectsActions, projectsReducer } from '../slice';

const zoe = { id: 77, display_name: 'Zoe', full_name: 'Zoe Zimmer', avatar: null } as WorkspaceUser;

describe('member search beyond the first page of people', () => {
  it('waits for typing to pause, asks the server, and merges what it finds', () => {
    const saga = searchWorkspaceUsers(projectsActions.workspaceUsersSearched(' zo '));
    expect(saga.next().value).toEqual(delay(MEMBER_SEARCH_DEBOUNCE_MS));
    expect(saga.next().value).toEqual(call(fetchWorkspaceUsers, 'zo'));
    expect(saga.next([zoe]).value).toEqual(put(projectsActions.workspaceUsersFound([zoe])));
    expect(saga.next().done).toBe(true);
  });

  it('does not call the server for an empty term', () => {
    expect(searchWorkspaceUsers(projectsActions.workspaceUsersSearched('  ')).next().done).toBe(true);
  });

  it('adds found people once', () => {
    let state = projectsReducer(undefined, projectsActions.workspaceUsersLoaded([zoe]));
    state = projectsReducer(state, projectsActions.workspaceUsersFound([zoe, { ...zoe, id: 78 }]));
    expect(state.workspaceUsers.map((user) => user.id)).toEqual([77, 78]);
  });
});
