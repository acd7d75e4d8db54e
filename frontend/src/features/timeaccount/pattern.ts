import type { TimeAccountPattern } from '../../api/types';
import { formatDuration } from '../../shared/time';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const DAY = 24 * 3600;

/** Hours as typed ('7.5', '7,5', '') to whole seconds of a day, or null when not 0..24 hours. */
export function hoursToSeconds(text: string): number | null {
  const value = Number(text.trim().replace(',', '.') || '0');
  if (!Number.isFinite(value)) return null;
  const seconds = Math.round(value * 3600);
  return seconds >= 0 && seconds <= DAY ? seconds : null;
}

/** Signed hours ('-2', '1.5') to whole seconds, or null (0 is not an adjustment). */
export function signedHoursToSeconds(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(value)) return null;
  const seconds = Math.round(value * 3600);
  return seconds === 0 ? null : seconds;
}

/** "Mon 8h 00m · Tue 8h 00m · …" (days without hours left out; none: 'No hours'). */
export function patternText(pattern: TimeAccountPattern): string {
  const days = pattern.weekday_seconds.flatMap((s, i) => (s > 0 ? [`${WEEKDAYS[i]} ${formatDuration(s)}`] : []));
  return days.length ? days.join(' · ') : 'No hours';
}
