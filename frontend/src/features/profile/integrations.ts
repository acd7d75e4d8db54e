import type { IntegrationSettings } from '../../api/types';
import { calendarConfigOf, calendarUrlOf } from '../../shared/integrations/calendar';

/** The trackers a user can pick (GET /api/work/time_tracker/ lists the same; docs/integrations.md). */
export const TRACKER_OPTIONS = [
  { value: '', label: 'None' },
  { value: 'builtin', label: 'Remote Office (time on tasks)' },
  { value: 'toggl', label: 'Toggl Track' },
  { value: 'clockify', label: 'Clockify' },
] as const;

export type TrackerKey = (typeof TRACKER_OPTIONS)[number]['value'];

export interface IntegrationValues {
  calendarUrl: string;
  provider: TrackerKey;
  /** Toggl's API token or Clockify's API key. */
  secret: string;
  workspaceId: string;
  baseUrl: string;
}

type Config = Record<string, string>;

const text = (config: unknown, key: string): string => {
  if (!config || typeof config !== 'object') return '';
  const value = (config as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

export function integrationValues(settings: IntegrationSettings): IntegrationValues {
  const tracker = settings.external_tracker_config_json;
  const provider = text(tracker, 'provider');
  return {
    calendarUrl: calendarUrlOf(settings.external_calendar_config_json),
    provider: (TRACKER_OPTIONS.some((o) => o.value === provider) ? provider : '') as TrackerKey,
    secret: text(tracker, 'api_token') || text(tracker, 'api_key'),
    workspaceId: text(tracker, 'workspace_id'),
    baseUrl: text(tracker, 'base_url'),
  };
}

export function calendarConfig(values: IntegrationValues): Config | null {
  return calendarConfigOf(values.calendarUrl);
}

/** The tracker configuration the server stores (apps/integrations/providers). */
export function trackerConfig(values: IntegrationValues): Config | null {
  if (!values.provider) return null;
  const config: Config = { provider: values.provider };
  if (values.provider === 'toggl') config.api_token = values.secret.trim();
  if (values.provider === 'clockify') {
    config.api_key = values.secret.trim();
    if (values.workspaceId.trim()) config.workspace_id = values.workspaceId.trim();
  }
  if (values.provider !== 'builtin' && values.baseUrl.trim()) config.base_url = values.baseUrl.trim();
  return config;
}

export const secretLabel = (provider: TrackerKey): string =>
  provider === 'clockify' ? 'Clockify API key' : provider === 'toggl' ? 'Toggl Track API token' : '';
