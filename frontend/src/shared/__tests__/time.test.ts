import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  shownMinutes,
  formatRelative,
  formatTimeInZone,
  formatUtcOffset,
  utcOffsetMinutes,
} from '../time';

describe('formatDuration', () => {
  it('reads Nm under an hour', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(60)).toBe('1m');
    expect(formatDuration(59 * 60 + 59)).toBe('59m');
  });

  it('reads Xh YYm from one hour on, minutes padded', () => {
    expect(formatDuration(3600)).toBe('1h 00m');
    expect(formatDuration(3600 + 5 * 60)).toBe('1h 05m');
    expect(formatDuration(10 * 3600 + 42 * 60 + 30)).toBe('10h 42m');
  });

  it('treats negative or broken input as zero', () => {
    expect(formatDuration(-30)).toBe('0m');
    expect(formatDuration(Number.NaN)).toBe('0m');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0m');
  });

  it('floors: an unfinished minute is never shown, whatever its seconds', () => {
    expect(formatDuration(25 * 60 + 59)).toBe('25m');
    expect(formatDuration(25 * 60 + 59.9)).toBe('25m');
    expect(formatDuration(2 * 3600 - 1)).toBe('1h 59m');
  });

  it('shownMinutes is the minute count the text shows (rules about "0m" ask it)', () => {
    expect(shownMinutes(59)).toBe(0);
    expect(shownMinutes(60)).toBe(1);
    expect(shownMinutes(3725)).toBe(62);
    expect(shownMinutes(-5)).toBe(0);
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('reads a few seconds ago under a minute (and for a clock slightly ahead)', () => {
    expect(formatRelative(ago(0), now)).toBe('a few seconds ago');
    expect(formatRelative(ago(59), now)).toBe('a few seconds ago');
    expect(formatRelative(ago(-20), now)).toBe('a few seconds ago');
  });

  it('reads Nm ago under an hour', () => {
    expect(formatRelative(ago(60), now)).toBe('1m ago');
    expect(formatRelative(ago(59 * 60 + 59), now)).toBe('59m ago');
  });

  it('reads Nh ago within a day, then the date', () => {
    expect(formatRelative(ago(3600), now)).toBe('1h ago');
    expect(formatRelative(ago(23 * 3600), now)).toBe('23h ago');
    expect(formatRelative(ago(3 * 24 * 3600).toISOString(), now)).toMatch(/^Nov 18, \d{2}:\d{2}$/);
  });
});

describe('timezones', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('finds offsets, following daylight saving', () => {
    expect(utcOffsetMinutes('UTC', winter)).toBe(0);
    expect(utcOffsetMinutes('Europe/Lisbon', winter)).toBe(0);
    expect(utcOffsetMinutes('Europe/Lisbon', summer)).toBe(60);
    expect(utcOffsetMinutes('Asia/Kolkata', summer)).toBe(330);
    expect(utcOffsetMinutes('America/St_Johns', winter)).toBe(-210);
    expect(utcOffsetMinutes('Not/AZone', winter)).toBeNull();
  });

  it('formats offsets and wall-clock times', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatTimeInZone('Asia/Kolkata', winter)).toBe('17:30');
    expect(formatTimeInZone('Not/AZone', winter)).toBe('');
  });
});

describe('date formats without dayjs', () => {
  it('matches the dayjs format strings they replace', async () => {
    const { default: dayjs } = await import('dayjs');
    const { formatClock, formatLongDate, formatDayDate, formatTime, parseLocalDate } = await import('../time');
    for (const iso of ['2026-01-05T00:07:00', '2026-11-22T09:30:00', '2026-12-31T23:59:59', '2027-02-28T12:00:00']) {
      const date = new Date(iso);
      expect(formatClock(date)).toBe(dayjs(date).format('HH:mm'));
      expect(formatLongDate(date)).toBe(dayjs(date).format('dddd, MMMM D'));
      expect(formatDayDate(date)).toBe(dayjs(date).format('dddd, MMM D'));
      expect(formatTime(date.toISOString())).toBe(dayjs(date.toISOString()).format('HH:mm'));
    }
    expect(formatDayDate(parseLocalDate('2026-11-23'))).toBe(dayjs('2026-11-23').format('dddd, MMM D'));
    expect(formatDayDate(parseLocalDate('2026-11-23'))).toBe('Monday, Nov 23');
  });
});

describe('the user’s preferences', () => {
  it('shows times on the 12-hour clock and durations in decimal hours once the profile says so', async () => {
    const { displayClock, formatClock, formatDuration, formatTimeInZone, readPreferencesFrom } = await import('../time');
    const at = new Date(2026, 10, 25, 0, 5);
    let preferences: { clock_format?: '12h' | '24h'; duration_format?: 'hm' | 'decimal' } | null = null;
    readPreferencesFrom(() => preferences);
    try {
      expect(formatClock(at)).toBe('00:05');
      expect(formatDuration(5_430)).toBe('1h 30m');
      preferences = { clock_format: '12h', duration_format: 'decimal' };
      expect(formatClock(at)).toBe('12:05 AM');
      expect(displayClock('12:30')).toBe('12:30 PM');
      expect(displayClock('23:59')).toBe('11:59 PM');
      expect(formatTimeInZone('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('5:30 PM');
      // The same whole minutes as the other form: floor, never a minute not worked.
      expect(formatDuration(5_430)).toBe('1.50h');
      expect(formatDuration(59)).toBe('0.00h');
      expect(formatDuration(3_660)).toBe('1.02h');
      expect(formatDuration(-5)).toBe('0.00h');
    } finally {
      readPreferencesFrom(() => null);
    }
    expect(formatClock(at)).toBe('00:05');
    expect(formatDuration(5_430)).toBe('1h 30m');
  });
});
