import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MemberPage, ProjectPage, UserDetails } from '../../api/types';
import { initialAuthState } from '../../features/auth/slice';
import { renderWithStore } from '../../test/render';
import WorkspacePanelPage from '../pages/workspace/WorkspacePanelPage';
import { setupStore } from '../store';

// The counts' four reads answer when the test says; the page's other reads keep their own code.
const api = vi.hoisted(() => ({ fetchMembers: vi.fn(), fetchWorkspaceProjects: vi.fn() }));
vi.mock('../../api/workspace', async (original) => ({ ...(await original<object>()), ...api }));

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const ada = { id: 1, email: 'ada@example.com', display_name: 'Ada', workspace_name: 'Acme', is_admin: true, features: { under_development: false } } as unknown as UserDetails;

describe('the Workspace panel', () => {
  it('keeps the counts list in place while they load, so the cards below do not move', async () => {
    let answer: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (answer = resolve));
    api.fetchMembers.mockImplementation(async ({ status }: { status: string }) => (await loaded, { count: status === 'active' ? 3 : 1 } as MemberPage));
    api.fetchWorkspaceProjects.mockImplementation(async ({ archived_yn }: { archived_yn: boolean }) => (await loaded, { count: archived_yn ? 2 : 4 } as ProjectPage));
    const store = setupStore({ auth: { ...initialAuthState(), user: ada, session: 'ready' } as never });
    const { container } = renderWithStore(<WorkspacePanelPage />, { store, route: '/workspace' });

    const list = container.querySelector('dl.workspace-counts');
    expect(list).not.toBeNull();
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(list?.querySelectorAll('dt')).toHaveLength(4);
    expect(list?.querySelectorAll('dd .ant-skeleton')).toHaveLength(4);
    await waitFor(() => expect(api.fetchMembers).toHaveBeenCalledTimes(2));

    await act(async () => answer());
    await waitFor(() => expect(container.querySelector('dl.workspace-counts')).toHaveAttribute('aria-busy', 'false'));
    expect(container.querySelector('dl.workspace-counts')).toBe(list);
    expect([...list!.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['3', '1', '4', '2']);
    // The tallest card, whose height is known only once its settings load, comes last.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.at(-1)).toBe('Working time');
  });
});
