import { api } from './client';
import type { ClosedSpan, Correction, CorrectionCreate, Period, PeriodDecide, PeriodLock, WorkspaceSettings, WorkspaceSettingsRequest } from './types';

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

/** How the workspace closes its members' time (admins; the closing part of /api/workspace/settings/). */
export type ClosingSettings = Required<Pick<WorkspaceSettings, 'closing_period' | 'auto_submit_after_days' | 'approval_reminder_days'>>;

const closingPart = (settings: WorkspaceSettings): ClosingSettings => ({
  closing_period: settings.closing_period ?? 'weekly',
  auto_submit_after_days: settings.auto_submit_after_days ?? null,
  approval_reminder_days: settings.approval_reminder_days ?? null,
});

export async function fetchClosingSettings(): Promise<ClosingSettings> {
  return closingPart((await api.get<WorkspaceSettings>('/api/workspace/settings/')).data);
}

export async function saveClosingSettings(changes: Partial<ClosingSettings>): Promise<ClosingSettings> {
  const body: WorkspaceSettingsRequest = changes;
  return closingPart((await api.patch<WorkspaceSettings>('/api/workspace/settings/', body)).data);
}

/** The approved periods of a month for payroll (admins): CSV or XLSX, as a file. */
export async function fetchPayroll(month: string, file: 'csv' | 'xlsx'): Promise<Blob> {
  return (await api.get<Blob>('/api/work/payroll_export/', { params: { month, file }, responseType: 'blob' })).data;
}
