import { api } from './client';
import type {
  SyncTimeEntriesRequest,
  SyncTimeEntriesResult,
  IntegrationSettings,
  IntegrationSettingsUpdate,
  TestConnectionRequest,
  TestConnectionResult,
  TimeTracker,
} from './types';

/** The caller's own calendar address and tracker settings, with each sync's last state. */
export async function fetchIntegrations(): Promise<IntegrationSettings> {
  return (await api.get<IntegrationSettings>('/api/work/integrations/')).data;
}

export async function saveIntegrations(body: IntegrationSettingsUpdate): Promise<IntegrationSettings> {
  return (await api.patch<IntegrationSettings>('/api/work/integrations/', body)).data;
}

/** Tries settings without saving them: 200 with a message, or 502 with the provider's reason. */
export async function testIntegration(body: TestConnectionRequest): Promise<TestConnectionResult> {
  return (await api.post<TestConnectionResult>('/api/work/integrations/test_connection/', body)).data;
}

export async function fetchTimeTrackers(): Promise<TimeTracker[]> {
  return (await api.get<TimeTracker[]>('/api/work/time_tracker/')).data;
}

/** Copy the caller's external tracker entries of the dates now (YYYY-MM-DD); the counts of what changed. */
export async function syncTrackedExternally(body: SyncTimeEntriesRequest): Promise<SyncTimeEntriesResult> {
  return (await api.post<SyncTimeEntriesResult>('/api/work/sync_time_tracked_externally_records/', body)).data;
}
