import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/search';
import type { SearchHit } from '../../../api/types';
import { initialPaletteState, paletteActions as actions, paletteReducer } from '../slice';
import { search, SEARCH_FAILED } from '../workers';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/search');

const found: SearchHit = { kind: 'task', id: 7, title: 'Apollo launch', archived: false, project: 1, project_title: 'Apollo', task_list: 2, task_list_title: 'Backlog', color: null, avatar: null };

beforeEach(() => vi.resetAllMocks());

describe('searching from the palette', () => {
  it('asks the server after the pause and keeps its answer', async () => {
    vi.mocked(api.searchEverything).mockResolvedValue({ results: [found], page: 1, next_page: null });
    expect(await dispatchedBy(search, actions.queryChanged(' apo '))).toEqual([actions.searchSucceeded({ query: 'apo', hits: [found] })]);
    expect(api.searchEverything).toHaveBeenCalledWith('apo');
  });

  it('does not ask for one letter', async () => {
    expect(await dispatchedBy(search, actions.queryChanged('a'))).toEqual([]);
    expect(api.searchEverything).not.toHaveBeenCalled();
  });

  it('says so when the server fails, with its message on a refusal', async () => {
    vi.mocked(api.searchEverything).mockRejectedValue(new Error('Network Error'));
    expect(await dispatchedBy(search, actions.queryChanged('apo'))).toEqual([actions.searchFailed({ query: 'apo', message: SEARCH_FAILED })]);
    vi.mocked(api.searchEverything).mockRejectedValue(Object.assign(new Error('400'), { isAxiosError: true, response: { status: 400, data: { q: ['Type 2 to 100 characters to search.'] } } }));
    expect(await dispatchedBy(search, actions.queryChanged('apo'))).toEqual([actions.searchFailed({ query: 'apo', message: 'Type 2 to 100 characters to search.' })]);
  });
});

describe('the palette slice', () => {
  it('keeps an answer only for the query still typed', () => {
    let state = paletteReducer(initialPaletteState, actions.queryChanged('apo'));
    expect(state.searching).toBe(true);
    state = paletteReducer(state, actions.queryChanged('apol'));
    state = paletteReducer(state, actions.searchSucceeded({ query: 'apo', hits: [found] }));
    expect(state.hits).toEqual([]);
    expect(state.searching).toBe(true);
    state = paletteReducer(state, actions.searchSucceeded({ query: 'apol', hits: [found] }));
    expect(state).toMatchObject({ hits: [found], searching: false, answered: 'apol' });
    state = paletteReducer(state, actions.queryChanged('a'));
    expect(state).toMatchObject({ hits: [], searching: false, answered: '' });
  });
});
