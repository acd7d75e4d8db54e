import { api } from './client';
import type { InOfficeStatus, StatusChangeRequest, StatusRecord } from './types';

export async function fetchCurrentUserStatus(): Promise<StatusRecord> {
  return (await api.get<StatusRecord>('/api/work/current_user_status/')).data;
}

export async function createLogUserStatus(status: InOfficeStatus): Promise<StatusRecord> {
  const body: StatusChangeRequest = { status_enum_identifier: status };
  return (await api.post<StatusRecord>('/api/work/create_log_user_status/', body)).data;
}

export async function leaveOffice(): Promise<StatusRecord> {
  return (await api.post<StatusRecord>('/api/work/leave_office/')).data;
}
