import { api } from './client';
import type {
  ChangeLogPage,
  ShiftModificationRequest,
  StatusHistoryEntry,
  WorkShift,
  WorkShiftNotesRequest,
  WorktimeTable,
} from './types';

export interface WorktimeTableQuery {
  from_date: string;
  to_date: string;
  user_ids: number[];
  group_by: 'date' | 'member';
}

const tableParams = (query: WorktimeTableQuery) => ({
  from_date: query.from_date,
  to_date: query.to_date,
  user_ids: query.user_ids.join(','),
  group_by: query.group_by,
});

export async function fetchWorktimeTable(query: WorktimeTableQuery): Promise<WorktimeTable> {
  return (await api.get<WorktimeTable>('/api/work/worktime_table/', { params: tableParams(query) })).data;
}

/** The same table as CSV (the server's rendering, in the viewer's timezone), as a file. */
export async function fetchWorktimeCsv(query: WorktimeTableQuery): Promise<Blob> {
  const answer = await api.get<Blob>('/api/work/worktime_table/', {
    params: tableParams(query),
    headers: { Accept: 'text/csv' },
    responseType: 'blob',
  });
  return answer.data;
}

export interface ChangeLogQuery {
  user: number;
  page: number;
  work_shift?: number;
}

export async function fetchChangeLog(query: ChangeLogQuery): Promise<ChangeLogPage> {
  return (await api.get<ChangeLogPage>('/api/work/change_log/', { params: query })).data;
}

/** A new manual shift (no work_shift.id) or an edit of one: 201 or 200 with the shift. */
export async function modifyShift(body: ShiftModificationRequest): Promise<WorkShift> {
  return (await api.post<WorkShift>('/api/work/workshift/shift_modification/', body)).data;
}

export async function saveShiftNotes(id: number, body: WorkShiftNotesRequest): Promise<WorkShift> {
  return (await api.patch<WorkShift>(`/api/work/workshift/${id}/`, body)).data;
}

export async function deleteShift(id: number): Promise<void> {
  await api.delete(`/api/work/workshift/${id}/`);
}

/** The status segments of one shift (the timeline). */
export async function fetchShiftSegments(query: {
  work_shift: number;
  from_date: string;
  to_date: string;
  user: number;
}): Promise<StatusHistoryEntry[]> {
  return (await api.get<StatusHistoryEntry[]>('/api/work/status_history/', { params: query })).data;
}
