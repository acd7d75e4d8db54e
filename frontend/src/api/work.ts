import { READS } from './earlyReads';
import { api } from './client';
import type { WriteRequest } from './outbox';
import type {
  CalendarScheduleRequest,
  InOfficeStatus,
  InvisibleModeRequest,
  InvisibleModeState,
  NextCalendarSchedule,
  StatusChangeRequest,
  StatusRecord,
  WorkShiftSchedule,
  WorktimeSummary,
} from './types';

export async function fetchCurrentUserStatus(): Promise<StatusRecord> {
  return (await api.get<StatusRecord>(READS.currentStatus)).data;
}

export async function createLogUserStatus(status: InOfficeStatus): Promise<StatusRecord> {
  const body: StatusChangeRequest = { status_enum_identifier: status };
  return (await api.post<StatusRecord>('/api/work/create_log_user_status/', body)).data;
}

/**
 * Working / On a break as the outbox sends it (docs/offline.md): dated when the member clicked,
 * so a change sent after being offline counts from then.
 */
export function statusChangeWrite(status: InOfficeStatus, clickedAt: number): WriteRequest {
  const body: StatusChangeRequest = { status_enum_identifier: status, effective_at: new Date(clickedAt).toISOString() };
  return { method: 'post', url: '/api/work/create_log_user_status/', body };
}

export async function leaveOffice(): Promise<StatusRecord> {
  return (await api.post<StatusRecord>('/api/work/leave_office/')).data;
}

/** Today's (the user's local date) work and break time, including the open record up to now. */
export async function fetchWorktimeSummary(): Promise<WorktimeSummary> {
  return (await api.get<WorktimeSummary>('/api/work/worktime_summary/')).data;
}

export async function fetchNextCalendarSchedule(): Promise<NextCalendarSchedule> {
  return (await api.get<NextCalendarSchedule>(READS.nextCalendarSchedule)).data;
}

/** Import the caller's calendar feed for the dates now (YYYYMMDD); 201 and the dates' sessions. */
export async function syncCalendarSchedule(body: CalendarScheduleRequest): Promise<WorkShiftSchedule[]> {
  return (await api.post<WorkShiftSchedule[]>('/api/work/calendar_schedule/', body)).data;
}

export async function setInvisibleMode(enabled: boolean): Promise<InvisibleModeState> {
  const body: InvisibleModeRequest = { enabled };
  return (await api.post<InvisibleModeState>('/api/work/invisible_mode/', body)).data;
}
