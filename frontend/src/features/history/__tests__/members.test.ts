import { describe, expect, it, vi } from 'vitest';
import * as checkout from '../../../api/checkout';
import * as projects from '../../../api/projects';
import type { RootState } from '../../../app/store';
import { historyActions } from '../slice';
import { loadMembers } from '../workers';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/checkout');
vi.mock('../../../api/projects');

const viewer = (extra: Record<string, unknown> = {}) =>
  ({ auth: { user: { id: 1, display_name: 'Ada', workspace_role: 'MEMBER', team_page_access_granted_yn: false, ...extra } } }) as unknown as RootState;

describe('whom the history panel offers', () => {
  it('an observer picks among themself and the members they observe', async () => {
    vi.mocked(checkout.fetchObservableUsers).mockResolvedValue([
      { id: 7, observed_user: { id: 2, display_name: 'Ben' }, shown_yn: true, starred_yn: false },
    ] as unknown as checkout.ObservableUser[]);
    expect(await dispatchedBy(loadMembers, undefined, viewer())).toEqual([
      historyActions.membersLoaded([
        { id: 1, display_name: 'Ada' },
        { id: 2, display_name: 'Ben' },
      ]),
    ]);
    expect(projects.fetchWorkspaceUsers).not.toHaveBeenCalled();
  });

  it('someone who observes nobody gets no picker', async () => {
    vi.mocked(checkout.fetchObservableUsers).mockResolvedValue([]);
    expect(await dispatchedBy(loadMembers, undefined, viewer())).toEqual([historyActions.membersLoaded([])]);
  });

  it('an admin or team-page owner picks among the workspace', async () => {
    vi.mocked(projects.fetchWorkspaceUsers).mockResolvedValue([{ id: 3, display_name: 'Cy' }] as never);
    expect(await dispatchedBy(loadMembers, undefined, viewer({ team_page_access_granted_yn: true }))).toEqual([historyActions.membersLoaded([{ id: 3, display_name: 'Cy' } as never])]);
  });
});
