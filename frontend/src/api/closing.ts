import { api } from './client';
import type { ClosedSpan, Correction, CorrectionCreate, Period, PeriodDecide, PeriodLock } from './types';

// Closing the week (issue 28, docs/closing.md): periods, approvals, locks and corrections.

export async function fetchPeriod(date?: string): Promise<Period> {
  return (await api.get<Period>('/api/work/period/', { params: date ? { date } : {} })).data;
}

export async function submitPeriod(date: string): Promise<Period> {
  return (await api.post<Period>('/api/work/period/submit/', { date })).data;
}

export async function fetchApprovals(state: 'submitted' | 'approved' = 'submitted'): Promise<Period[]> {
  return (await api.get<Period[]>('/api/work/period/approvals/', { params: { state } })).data;
}

export async function decidePeriods(body: PeriodDecide): Promise<Period[]> {
  return (await api.post<Period[]>('/api/work/period/decide/', body)).data;
}

export async function reopenPeriod(id: number, reason: string): Promise<Period> {
  return (await api.post<Period>(`/api/work/period/${id}/reopen/`, { reason })).data;
}

export async function lockDays(body: PeriodLock): Promise<{ locked: number }> {
  return (await api.post<{ locked: number }>('/api/work/period/lock/', body)).data;
}

export async function fetchClosedDays(from_date: string, to_date: string): Promise<ClosedSpan[]> {
  return (await api.get<ClosedSpan[]>('/api/work/closed_days/', { params: { from_date, to_date } })).data;
}

export async function fetchCorrections(): Promise<Correction[]> {
  return (await api.get<Correction[]>('/api/work/correction/')).data;
}

export async function requestCorrection(body: CorrectionCreate): Promise<Correction> {
  return (await api.post<Correction>('/api/work/correction/', body)).data;
}

export async function decideCorrection(id: number, accept: boolean, reason = ''): Promise<Correction> {
  return (await api.post<Correction>(`/api/work/correction/${id}/decide/`, { accept, reason })).data;
}

/** The workspace's period, weekly or monthly (admins; GET /api/workspace/settings/). */
export async function fetchClosingPeriod(): Promise<'weekly' | 'monthly'> {
  const answer = await api.get<{ closing_period?: 'weekly' | 'monthly' }>('/api/workspace/settings/');
  return answer.data.closing_period ?? 'weekly';
}

export async function saveClosingPeriod(closing_period: 'weekly' | 'monthly'): Promise<void> {
  await api.patch('/api/workspace/settings/', { closing_period });
}

/** The approved periods of a month for payroll (admins): CSV or XLSX, as a file. */
export async function fetchPayroll(month: string, file: 'csv' | 'xlsx'): Promise<Blob> {
  return (await api.get<Blob>('/api/work/payroll_export/', { params: { month, file }, responseType: 'blob' })).data;
}
