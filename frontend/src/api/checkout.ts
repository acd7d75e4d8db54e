import { api } from './client';
import type { WriteRequest } from './outbox';
import type { components, paths } from './schema';

type Schemas = components['schemas'];
type JsonRequest<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

export type WorkDay = Schemas['WorkDay'];
export type WorkShift = Schemas['WorkShift'];
export type WorkDayTaskTime = Schemas['WorkDayTaskTime'];
export type CheckoutCheckStatus = Schemas['CheckoutCheckStatus'];
export type CheckoutCheckId = CheckoutCheckStatus['checkout_check'];
export type DateStatus = Schemas['DateStatus'];
export type DayStatus = DateStatus['status'];
export type LeaveResult = Schemas['LeaveResult'];
export type ChecksFailed = Schemas['ChecksFailed'];
export type ObservableUser = Schemas['ObservableUser'];
export type Observer = Schemas['Observer'];
export type UserDetails = Schemas['UserDetails'];
export type WorktimeSummary = Schemas['WorktimeSummary'];
export type NextCalendarSchedule = Schemas['NextCalendarSchedule'];
export type NotesDraft = Schemas['NotesDraft'];
type WorkDayUpdate = JsonRequest<paths['/api/work/work_day/{id}/']['patch']>;
type ObservableUserUpdate = JsonRequest<paths['/api/accounts/me/observable_users/{observation_id}/']['patch']>;
type LeaveRequest = JsonRequest<paths['/api/work/checkout/leave_office/']['post']>;

/** The user's work day of a date, or null when there is none ('No checkout'). */
export async function fetchWorkDay(userId: number, date: string): Promise<WorkDay | null> {
  const days = (await api.get<WorkDay[]>('/api/work/work_day/', { params: { user: userId, work_date: date } })).data;
  return days[0] ?? null;
}

export async function createWorkDay(date: string): Promise<WorkDay> {
  return (await api.post<WorkDay>('/api/work/work_day/', { work_date: date, with_checkout: true })).data;
}

/** The checkout note's save as the outbox sends it (docs/offline.md); the answer is the work day. */
export function checkoutNotesWrite(id: number, notes: string | null): WriteRequest {
  const body: WorkDayUpdate = { checkout_notes: notes };
  return { method: 'patch', url: `/api/work/work_day/${id}/`, body };
}

/** What the owner's empty note can start from (the day's tasks, meetings, what is still open). */
export async function fetchNotesDraft(workDayId: number): Promise<NotesDraft> {
  return (await api.get<NotesDraft>(`/api/work/work_day/${workDayId}/notes_draft/`)).data;
}

export async function fetchShifts(workDayId: number): Promise<WorkShift[]> {
  return (await api.get<WorkShift[]>(`/api/work/work_day/${workDayId}/workshifts_summary/`)).data;
}

export async function fetchDayTasks(workDayId: number): Promise<WorkDayTaskTime[]> {
  return (await api.get<WorkDayTaskTime[]>(`/api/work/work_day/${workDayId}/tasks/`)).data;
}

export async function fetchDaySummary(userId: number, date: string): Promise<WorktimeSummary> {
  return (await api.get<WorktimeSummary>('/api/work/worktime_summary/', { params: { user: userId, date } })).data;
}

export async function fetchNextWorkday(): Promise<NextCalendarSchedule> {
  return (await api.get<NextCalendarSchedule>('/api/work/next_calendar_schedule/')).data;
}

export async function runCheckoutChecks(userId: number, date: string): Promise<CheckoutCheckStatus[]> {
  return (
    await api.get<CheckoutCheckStatus[]>(`/api/work/run_workspace_checkout_checks/${userId}/`, {
      params: { work_date: date },
    })
  ).data;
}

/** The caller's failed, undismissed check messages of the days from `from` to `to` (YYYY-MM-DD). */
export async function fetchOpenCheckMessages(from: string, to: string): Promise<CheckoutCheckStatus[]> {
  return (
    await api.get<CheckoutCheckStatus[]>('/api/work/checkout_check_status/', {
      params: { passed_yn: false, message_dismissed_yn: false, from_date: from, to_date: to },
    })
  ).data;
}

export async function dismissCheckMessage(id: number): Promise<CheckoutCheckStatus> {
  return (await api.patch<CheckoutCheckStatus>(`/api/work/checkout_check_status/${id}/`, { message_dismissed_yn: true })).data;
}

export async function dismissAllCheckMessages(check: CheckoutCheckId | null): Promise<number> {
  return (await api.post<{ dismissed: number }>('/api/work/checkout_check_status/dismiss_all/', { checkout_check: check })).data
    .dismissed;
}

export async function fetchDateStatuses(userId: number, from: string, to: string): Promise<DateStatus[]> {
  return (
    await api.get<DateStatus[]>('/api/work/checkout_date_status/', { params: { user: userId, from_date: from, to_date: to } })
  ).data;
}

export async function markCheckoutsRead(workDayIds: number[]): Promise<void> {
  await api.post('/api/work/checkout_check_status_log/mark_checkoutstatus_read_by_ids/', { workday_ids: workDayIds });
}

/** Leave through the checkout: resolves with the checks, or rejects with a 409 naming the failed ones. */
export async function leaveThroughCheckout(leaveAnyway: boolean): Promise<LeaveResult> {
  const body: LeaveRequest = { leave_anyway: leaveAnyway };
  return (await api.post<LeaveResult>('/api/work/checkout/leave_office/', body)).data;
}

export async function fetchObservableUsers(): Promise<ObservableUser[]> {
  return (await api.get<ObservableUser[]>('/api/accounts/me/observable_users/')).data;
}

export async function updateObservableUser(id: number, changes: ObservableUserUpdate): Promise<ObservableUser> {
  return (await api.patch<ObservableUser>(`/api/accounts/me/observable_users/${id}/`, changes)).data;
}

export async function fetchObservers(): Promise<Observer[]> {
  return (await api.get<Observer[]>('/api/accounts/me/observers/')).data;
}

export async function fetchUserDetails(userId: number): Promise<UserDetails> {
  return (await api.get<UserDetails>(`/api/accounts/get_user_details/${userId}/`)).data;
}

export type CheckoutTaskCreate = JsonRequest<paths['/api/work/checkout/create_task/']['post']>;
export type CreatedTask = Schemas['Task'];

/** A task created from the checkout at a position of its section (1..n+1 among its open tasks). */
export async function createCheckoutTask(body: CheckoutTaskCreate): Promise<CreatedTask> {
  return (await api.post<CreatedTask>('/api/work/checkout/create_task/', body)).data;
}
