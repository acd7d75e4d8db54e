import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamPageRow, Teammate, UserDetails } from '../../api/types';
import { initialAuthState } from '../../features/auth/slice';
import { workspaceLiveActions } from '../../features/workspace/actions';
import { renderWithStore } from '../../test/render';
import TeamPage from '../pages/TeamPage';
import { setupStore } from '../store';

const api = vi.hoisted(() => ({ fetchTeamPage: vi.fn() }));
vi.mock('../../api/workspace', () => api);

// antd's Avatar measures its text; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ada = { id: 1, email: 'ada@example.com', display_name: 'Ada', team_page_access_granted_yn: true, features: { under_development: false } } as UserDetails;
const row = (id: number, name: string, status: TeamPageRow['status'] = 'working') =>
  ({
    observed_user: { id, display_name: name, full_name: `${name} Example`, avatar: null },
    status,
    work_time: 5400,
    break_time: 600,
    tasks_time: 3600,
    checkout_status: null,
    checkout_date: null,
    time_account: null,
  }) as unknown as TeamPageRow;
const teammate = (user: number, status: Teammate['status'], display_name: string) =>
  ({ user, status, display_name, full_name: `${display_name} Example`, avatar: null }) as unknown as Teammate;

/** The page as a signed-in user sees it (the session preloaded: no session sagas run). */
function renderPage(user: UserDetails = ada) {
  const store = setupStore({ auth: { ...initialAuthState(), user, session: 'ready' } as never });
  return renderWithStore(<TeamPage />, { store, route: '/team' });
}

const httpError = (status: number, data: Record<string, unknown>) => ({ isAxiosError: true, message: 'Request failed', response: { status, data } });

// A block body: a function returned from beforeEach is run as its teardown (the mock would be called).
beforeEach(() => {
  api.fetchTeamPage.mockReset();
});

describe('the team page', () => {
  it('shows its shape while it loads, then a card per observed member', async () => {
    let answer: (rows: TeamPageRow[]) => void = () => {};
    api.fetchTeamPage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { container } = renderPage();
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    await waitFor(() => expect(api.fetchTeamPage).toHaveBeenCalledTimes(1));
    act(() => answer([row(3, 'Ben')]));
    const card = await screen.findByTestId('team-member-3');
    expect(card).toHaveTextContent('Ben');
    expect(card).toHaveTextContent('Working');
    expect(card).toHaveTextContent('1h 30m');
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });

  it("a refusal's words stay on the page, with no banner", async () => {
    api.fetchTeamPage.mockRejectedValue(httpError(403, { detail: 'You do not have access to the team page.' }));
    const { store } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to the team page.');
    expect(store.getState().errors.current).toBeNull();
  });

  it('a server failure says the page could not be loaded and raises the banner', async () => {
    api.fetchTeamPage.mockRejectedValue(httpError(500, { detail: 'Server error' }));
    const { store } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The team page could not be loaded.');
    expect(store.getState().errors.current).toMatchObject({ title: 'The team page could not be loaded', message: 'Server error' });
  });

  it("a teammate's live row patches the card; only a presence change reads the page again", async () => {
    api.fetchTeamPage.mockResolvedValue([row(3, 'Ben')]);
    const { store } = renderPage();
    await screen.findByTestId('team-member-3');
    // A profile change: the card shows the new name at once, and nothing is read.
    act(() => {
      store.dispatch(workspaceLiveActions.teammateChanged({ userId: 3, teammate: teammate(3, 'working', 'Benny'), presence: false }));
    });
    expect(screen.getByTestId('team-member-3')).toHaveTextContent('Benny');
    // A member the page does not show changes nothing.
    act(() => {
      store.dispatch(workspaceLiveActions.teammateChanged({ userId: 9, teammate: teammate(9, 'taking_break', 'Cy'), presence: true }));
    });
    await act(async () => {});
    expect(api.fetchTeamPage).toHaveBeenCalledTimes(1);
    // A break: the status shows at once; today's times come with one read of the page.
    api.fetchTeamPage.mockResolvedValue([row(3, 'Benny', 'taking_break')]);
    act(() => {
      store.dispatch(workspaceLiveActions.teammateChanged({ userId: 3, teammate: teammate(3, 'taking_break', 'Benny'), presence: true }));
    });
    expect(screen.getByTestId('team-member-3')).toHaveTextContent('On a break');
    await waitFor(() => expect(api.fetchTeamPage).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(api.fetchTeamPage).toHaveBeenCalledTimes(2);
  });

  it('without access it says so and reads nothing', async () => {
    renderPage({ ...ada, team_page_access_granted_yn: false });
    expect(screen.getByText('You do not have access to the team page.')).toBeInTheDocument();
    expect(api.fetchTeamPage).not.toHaveBeenCalled();
  });
});
