import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member, UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { sessionActions } from '../../../shared/session';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({
  fetchMembers: vi.fn(),
  deactivateMember: vi.fn(),
  reactivateMember: vi.fn(),
  inviteMember: vi.fn(),
  fetchMember: vi.fn(),
  updateMember: vi.fn(),
  setMemberTeamPage: vi.fn(),
  createMember: vi.fn(),
}));
vi.mock('../../../api/workspace', () => api);

import MembersPanelPage, { MEMBER_SEARCH_DEBOUNCE_MS } from '../pages/MembersPanelPage';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const member = (id: number, display_name: string, extra: Partial<Member> = {}) =>
  ({
    id,
    display_name,
    email: `${display_name.toLowerCase()}@example.com`,
    full_name: `${display_name} Full`,
    avatar: null,
    workspace_user_type: 'MEMBER',
    city: 'Lisbon',
    country: 'Portugal',
    last_active: null,
    team_pages: [],
    is_active: true,
    invitation_pending: false,
    ...extra,
  }) as unknown as Member;

function render() {
  const store = setupStore();
  store.dispatch(sessionActions.sessionStarted({ id: 1, email: 'ada@example.com', workspace_role: 'ADMIN' } as UserDetails));
  return renderWithStore(<MembersPanelPage />, { store, route: '/members' });
}

const searches = () => api.fetchMembers.mock.calls.map(([query]) => query).filter((query) => query.page_size === 50);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api.fetchMembers.mockReset().mockImplementation(async (query: { status: string; search?: string }) => {
    const rows = query.status === 'inactive' ? [member(3, 'Cy', { is_active: false })] : [member(1, 'Ada'), member(2, 'Ben')];
    const found = query.search ? rows.filter((row) => row.display_name.toLowerCase().includes(query.search!.toLowerCase())) : rows;
    return { count: found.length, results: found };
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the members panel', () => {
  it('lists the real members with their values', async () => {
    render();
    expect((await screen.findAllByText('Ben Full')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lisbon, Portugal').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('Never').length).toBeGreaterThanOrEqual(2);
  });

  it('searches on the server once the typing has paused for 1000 ms', async () => {
    render();
    await screen.findAllByText('Ben Full');
    const before = searches().length;
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'be' } });
    await act(async () => {
      vi.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS - 100);
    });
    expect(searches()).toHaveLength(before);
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(searches().at(-1)).toEqual(expect.objectContaining({ status: 'active', search: 'be', page: 1 }));
    await vi.waitFor(() => expect(screen.queryAllByText('Ada Full')).toHaveLength(0));
  });

  it('shows the inactive members under Inactive', async () => {
    render();
    await screen.findAllByText('Ben Full');
    fireEvent.click(screen.getByText('Inactive'));
    expect((await screen.findAllByText('Cy Full')).length).toBeGreaterThan(0);
    expect(searches().at(-1)).toEqual(expect.objectContaining({ status: 'inactive' }));
  });
});
