import { formatDuration } from './time';

/**
 * The one parser of durations typed by people (issue 31, docs/keyboard.md "Durations as people
 * type them"), beside the one formatter (`time.ts` formatDuration), which echoes what was
 * understood. It lives in its own module so the office's first load, which formats durations but
 * never parses them, does not carry it.
 *
 * Accepted (spaces and case do not matter):
 * - `90`: whole minutes;
 * - `1:30`: hours and minutes (the minutes 00-59);
 * - `1h30`, `1h 30m`, `2h`, `45m`, `45 min`, `1 hour 5 minutes`: hours and / or minutes;
 * - `1.5h`, `1,5h`, `.25h`: decimal hours (rounded to the whole minute);
 * - a leading `+` or `-`: a change (add / remove) instead of an amount.
 * Every duration is whole minutes, at most 24 hours.
 */

/** What bad input is told (every input that is not understood gets these words). */
export const DURATION_ACCEPTED = 'Type a duration like 90 (minutes), 1:30, 1h30, 1h 30m, 1.5h, +15m or -10m.';
export const DURATION_TOO_LONG = 'A duration can be at most 24h.';
export const DURATION_MINUTES_OVER = 'Minutes after the hours go from 0 to 59 (1:30, 1h30).';

const MAX_MINUTES = 24 * 60;
const HOURS = '(?:h|hr|hrs|hour|hours)';
const MINUTES = '(?:m|min|mins|minute|minutes)';
const PLAIN = /^(\d{1,4})$/;
const CLOCK = /^(\d{1,2}):(\d{1,2})$/;
const ONLY_MINUTES = new RegExp(`^(\\d{1,4}) ?${MINUTES}$`);
const HOURS_AND_MINUTES = new RegExp(`^(\\d{1,2}) ?${HOURS}(?: ?(\\d{1,3})(?: ?${MINUTES})?)?$`);
const DECIMAL_HOURS = new RegExp(`^(\\d{0,2}[.,]\\d{1,3}|\\d{1,2}) ?${HOURS}$`);

export type ParsedDuration =
  /** `seconds`: whole minutes in seconds; signed (negative for `-`) when `relative`. */
  | { ok: true; seconds: number; relative: boolean }
  | { ok: false; error: string };

const fail = (error: string): ParsedDuration => ({ ok: false, error });

/** Parse what a person typed as a duration. Empty input is an error too (callers show it only once something was typed). */
export function parseDuration(input: string): ParsedDuration {
  let text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  let sign = 0;
  if (text.startsWith('+') || text.startsWith('-') || text.startsWith('\u2212')) {
    sign = text.startsWith('+') ? 1 : -1;
    text = text.slice(1).trimStart();
  }
  const minutes = minutesOf(text);
  if (typeof minutes === 'string') return fail(minutes);
  if (minutes > MAX_MINUTES) return fail(DURATION_TOO_LONG);
  const seconds = minutes * 60;
  return sign === 0 ? { ok: true, seconds, relative: false } : { ok: true, seconds: sign * seconds, relative: true };
}

/** The whole minutes `text` (without its sign) stands for, or the error to show. */
function minutesOf(text: string): number | string {
  let match = PLAIN.exec(text);
  if (match) return Number(match[1]);
  match = CLOCK.exec(text);
  if (match) {
    const [hours, minutes] = [Number(match[1]), Number(match[2])];
    if (minutes > 59 || match[2].length !== 2) return DURATION_MINUTES_OVER;
    return hours * 60 + minutes;
  }
  match = ONLY_MINUTES.exec(text);
  if (match) return Number(match[1]);
  match = HOURS_AND_MINUTES.exec(text);
  if (match) {
    const minutes = match[2] === undefined ? 0 : Number(match[2]);
    if (minutes > 59) return DURATION_MINUTES_OVER;
    return Number(match[1]) * 60 + minutes;
  }
  match = DECIMAL_HOURS.exec(text);
  if (match) return Math.round(Number(match[1].replace(',', '.')) * 60);
  return DURATION_ACCEPTED;
}

/** What was understood, in the formatter's words: '1h 30m', or '+15m' / '−10m' for a change. */
export function describeDuration(parsed: Extract<ParsedDuration, { ok: true }>): string {
  const amount = formatDuration(Math.abs(parsed.seconds));
  if (!parsed.relative) return amount;
  return `${parsed.seconds < 0 ? '\u2212' : '+'}${amount}`;
}

type Understood = Extract<ParsedDuration, { ok: true }>;
/** What a parsed value will do ('Adds 1h 30m'), or the error of the caller's own rules. */
export type DurationEcho = (parsed: Understood) => { text: string } | { error: string };

export type DurationVerdict =
  | { kind: 'empty' }
  | { kind: 'error'; error: string }
  | { kind: 'ok'; parsed: Understood; text: string };

/** The field's verdict on `value`: nothing typed, not understood or not allowed, or understood with its echo. */
export function durationVerdict(value: string, echo: DurationEcho): DurationVerdict {
  if (!value.trim()) return { kind: 'empty' };
  const parsed = parseDuration(value);
  if (!parsed.ok) return { kind: 'error', error: parsed.error };
  const said = echo(parsed);
  return 'error' in said ? { kind: 'error', error: said.error } : { kind: 'ok', parsed, text: said.text };
}
