import { api } from './client';
import type {
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountPattern,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
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
