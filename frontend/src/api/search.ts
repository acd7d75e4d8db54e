// The search call (GET /api/projects/search/, docs/keyboard.md "Search API"): projects, lists, tasks
// and people of the caller's workspace, ranked by the server, one page at a time.
import { api } from './client';
import type { SearchPage } from './types';

export async function searchEverything(q: string, page = 1): Promise<SearchPage> {
  return (await api.get<SearchPage>('/api/projects/search/', { params: { q, page } })).data;
}
