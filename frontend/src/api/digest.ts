import { api } from './client';
import type { Digest } from './types';

// The morning digest (issue 32, docs/reminders.md).

/** The morning digest of a day (default: the viewer's yesterday). */
export async function fetchDigest(date?: string): Promise<Digest> {
  return (await api.get<Digest>('/api/work/digest/', { params: date ? { date } : {} })).data;
}
