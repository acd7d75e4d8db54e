import { api } from './client';
import type {
  TimeAccountHolidays,
  TimeAccountHolidayWrite,
  TimeAccountRegion,
  TimeOffTypeWrite,
  TimeOffTypeUpdate,
  TimeAccountMember,
  TimeAccountMemberWrite,
  TimeAccountRules,
  TimeAccountRulesWrite,
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountPattern,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
  TimeOffAllowance,
  TimeOffCreate,
  TimeOffDecision,
  TimeOffRequest,
  TimeOffType,
} from './types';

const BASE = '/api/work/time_account/';
const whose = (user?: number | null) => (user ? { params: { user } } : undefined);

export async function fetchTimeAccount(user?: number | null): Promise<TimeAccountSummary> {
  return (await api.get<TimeAccountSummary>(BASE, whose(user))).data;
}

export async function fetchPatterns(user: number): Promise<TimeAccountPatterns> {
  return (await api.get<TimeAccountPatterns>(`${BASE}schedules/`, whose(user))).data;
}

export async function savePattern(body: TimeAccountPatternWrite): Promise<TimeAccountPattern> {
  return (await api.post<TimeAccountPattern>(`${BASE}schedules/`, body)).data;
}

export async function deletePattern(id: number): Promise<void> {
  await api.delete(`${BASE}schedules/${id}/`);
}

export async function fetchAdjustments(user: number): Promise<TimeAccountAdjustment[]> {
  return (await api.get<TimeAccountAdjustment[]>(`${BASE}adjustments/`, whose(user))).data;
}

export async function addAdjustment(body: TimeAccountAdjustmentWrite): Promise<TimeAccountAdjustment> {
  return (await api.post<TimeAccountAdjustment>(`${BASE}adjustments/`, body)).data;
}

// --- time off ---
export async function fetchTimeOffTypes(): Promise<TimeOffType[]> {
  return (await api.get<TimeOffType[]>(`${BASE}time_off_types/`)).data;
}

export async function fetchMyTimeOff(): Promise<TimeOffRequest[]> {
  return (await api.get<TimeOffRequest[]>(`${BASE}time_off/`)).data;
}

export async function fetchTimeOffToDecide(): Promise<TimeOffRequest[]> {
  return (await api.get<TimeOffRequest[]>(`${BASE}time_off/`, { params: { to_decide: true } })).data;
}

export async function fetchAllowance(): Promise<TimeOffAllowance[]> {
  return (await api.get<TimeOffAllowance[]>(`${BASE}time_off/allowance/`)).data;
}

export async function requestTimeOff(body: TimeOffCreate): Promise<TimeOffRequest> {
  return (await api.post<TimeOffRequest>(`${BASE}time_off/`, body)).data;
}

export async function decideTimeOff(body: TimeOffDecision): Promise<TimeOffRequest[]> {
  return (await api.post<TimeOffRequest[]>(`${BASE}time_off/decide/`, body)).data;
}

export async function cancelTimeOff(id: number): Promise<TimeOffRequest> {
  return (await api.post<TimeOffRequest>(`${BASE}time_off/${id}/cancel/`)).data;
}

// --- the workspace's settings (admins) ---
export async function fetchWorkspaceHolidays(year: number): Promise<TimeAccountHolidays> {
  return (await api.get<TimeAccountHolidays>(`${BASE}holidays/`, { params: { year } })).data;
}

export async function fetchOwnPatterns(): Promise<TimeAccountPatterns> {
  return (await api.get<TimeAccountPatterns>(`${BASE}schedules/`)).data;
}

export async function saveRegion(body: TimeAccountRegion): Promise<void> {
  await api.put(`${BASE}holiday_region/`, body);
}

export async function saveHoliday(body: TimeAccountHolidayWrite): Promise<void> {
  await api.post(`${BASE}holidays/`, body);
}

export async function deleteHoliday(id: number): Promise<void> {
  await api.delete(`${BASE}holidays/${id}/`);
}

export async function createTimeOffType(body: TimeOffTypeWrite): Promise<void> {
  await api.post(`${BASE}time_off_types/`, body);
}

export async function updateTimeOffType(id: number, body: TimeOffTypeUpdate): Promise<void> {
  await api.patch(`${BASE}time_off_types/${id}/`, body);
}

export async function fetchRules(): Promise<TimeAccountRules> {
  return (await api.get<TimeAccountRules>(`${BASE}rules/`)).data;
}

export async function saveRules(body: TimeAccountRulesWrite): Promise<void> {
  await api.put(`${BASE}rules/`, body);
}

// --- a member's account settings (admins, the member account panel) ---
export async function fetchMemberHolidays(user: number, year: number): Promise<TimeAccountHolidays> {
  return (await api.get<TimeAccountHolidays>(`${BASE}holidays/`, { params: { user, year } })).data;
}

export async function updateMember(user: number, body: TimeAccountMemberWrite): Promise<TimeAccountMember> {
  return (await api.patch<TimeAccountMember>(`${BASE}members/${user}/`, body)).data;
}
