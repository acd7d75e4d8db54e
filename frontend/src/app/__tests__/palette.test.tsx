import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import * as searchApi from '../../api/search';
import type { SearchHit, UserDetails } from '../../api/types';
import { statusActions } from '../../features/status/slice';
import { sessionActions } from '../../shared/session';
import { renderWithStore } from '../../test/render';
import { PaletteHost } from '../palette/PaletteHost';
import { setupStore } from '../store';

vi.mock('../../api/search');

const user = {
  id: 1, display_name: 'Ada', workspace_role: 'MEMBER', team_page_access_granted_yn: false, allow_invisible_mode: false,
  invisible_mode_yn: false, keyboard_shortcuts_yn: true,
} as UserDetails;

const task: SearchHit = { kind: 'task', id: 7, title: 'Draw the home page', archived: false, project: 4, project_title: 'Website', task_list: 9, task_list_title: 'Sprint 12', color: null, avatar: null };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHost(overrides: Partial<UserDetails> = {}) {
  const store = setupStore();
  store.dispatch(sessionActions.sessionStarted({ ...user, ...overrides }));
  store.dispatch(statusActions.loaded('working'));
  const dispatch = vi.spyOn(store, 'dispatch');
  renderWithStore(
    <>
      <PaletteHost />
      <input aria-label="A field" />
      <Where />
    </>,
    { store, route: '/office' },
  );
  return { store, dispatch };
}

const dispatchedTypes = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([action]) => (action as { type: string }).type);

// The palette's chunk (antd's Modal and Input with it) is compiled once before the tests: on a
// loaded machine its first transform took longer than a findBy waits, and the tests are about
// what the palette does, not how fast its chunk loads (that is the bundle bench's).
beforeAll(async () => {
  await import('../palette/PaletteBundle');
}, 60_000);

beforeEach(() => {
  vi.mocked(searchApi.searchEverything).mockResolvedValue({ results: [task], page: 1, next_page: null });
});

describe('the command palette', () => {
  it('opens on Ctrl-K, finds a command by a word and runs it with Enter', async () => {
    const { dispatch } = renderHost();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('palette-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'break' } });
    const first = (await screen.findAllByTestId('palette-item'))[0];
    expect(first.textContent).toContain('Take a break');
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(dispatch).toHaveBeenCalledWith(statusActions.toggleRequested('taking_break'));
  });

  it('finds a task on the server and opens it with the arrow keys and Enter', async () => {
    renderHost();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    const input = await screen.findByTestId('palette-input');
    fireEvent.change(input, { target: { value: 'home page' } });
    await screen.findByText('Draw the home page');
    const list = screen.getByTestId('palette-list');
    expect(within(list).getByText('Website · Sprint 12')).toBeTruthy();
    const rows = screen.getAllByTestId('palette-item');
    for (let step = 0; step < rows.findIndex((row) => row.textContent?.includes('Draw the home page')); step += 1) fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/l/9/sprint-12/7/draw-the-home-page/details');
    expect(searchApi.searchEverything).toHaveBeenCalledWith('home page');
  });

  it('says when the search fails', async () => {
    vi.mocked(searchApi.searchEverything).mockRejectedValue(new Error('Network Error'));
    renderHost();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    fireEvent.change(await screen.findByTestId('palette-input'), { target: { value: 'zz' } });
    expect(await screen.findByText('Search did not answer. Try again in a moment.')).toBeTruthy();
  });
});

describe('shortcuts', () => {
  it("'?' lists them, with the palette's key", async () => {
    renderHost();
    fireEvent.keyDown(document.body, { key: '?' });
    const sheet = await screen.findByTestId('shortcut-sheet');
    expect(within(sheet).getByText('Take a break')).toBeTruthy();
    expect(within(sheet).getByText('Open the command palette')).toBeTruthy();
    expect(within(sheet).getByLabelText('Shortcut: g then c')).toBeTruthy();
  });

  it('B takes a break and G then C goes to the checkout, outside fields only', async () => {
    const { dispatch } = renderHost();
    fireEvent.keyDown(screen.getByLabelText('A field'), { key: 'b' });
    await act(async () => {});
    expect(dispatchedTypes(dispatch)).not.toContain('status/toggleRequested');
    fireEvent.keyDown(document.body, { key: 'b' });
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith(statusActions.toggleRequested('taking_break')));
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'c' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout'));
  });

  it('are off when the profile turns them off; Ctrl-K still works', async () => {
    const { dispatch } = renderHost({ keyboard_shortcuts_yn: false });
    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'c' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(dispatchedTypes(dispatch)).not.toContain('status/toggleRequested');
    expect(screen.getByTestId('where').textContent).toBe('/office');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByTestId('palette-input')).toBeTruthy();
  });
});
