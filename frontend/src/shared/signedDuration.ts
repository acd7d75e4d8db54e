import { formatDuration, shownMinutes } from './time';

// Its own module, not time.ts: only lazy screens show differences, and time.ts is in the entry.
/**
 * A difference (worked minus expected, a balance) through the one formatter: '+1h 45m', '-0m'
 * never shows (a difference under a minute either way reads '0m'), '-2h 05m'.
 */
export function formatSignedDuration(seconds: number): string {
  const magnitude = Math.abs(Number.isFinite(seconds) ? seconds : 0);
  if (shownMinutes(magnitude) === 0) return formatDuration(0);
  return `${seconds > 0 ? '+' : '-'}${formatDuration(magnitude)}`;
}
