// The external calendar as people give it (docs/integrations.md): one iCalendar address, stored by
// the server as `external_calendar_config_json: {"url": ...}`. Edit Profile's Integration section,
// the Add new member wizard and a member's account ask for it the same way.

/** The configuration the server stores for an address typed in the field (null when empty). */
export function calendarConfigOf(url: string | undefined): { url: string } | null {
  const trimmed = (url ?? '').trim();
  return trimmed ? { url: trimmed } : null;
}

/** The address of a stored configuration, for the field. */
export function calendarUrlOf(config: unknown): string {
  if (!config || typeof config !== 'object') return '';
  const url = (config as Record<string, unknown>).url;
  return typeof url === 'string' ? url : '';
}
