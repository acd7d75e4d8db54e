import { describe, expect, it } from 'vitest';
import { DURATION_ACCEPTED, DURATION_MINUTES_OVER, DURATION_TOO_LONG, describeDuration, parseDuration } from '../durationInput';

const M = 60;

describe('parseDuration: what people type', () => {
  it.each([
    ['90', 90 * M, false, '1h 30m'],
    ['5', 5 * M, false, '5m'],
    ['0', 0, false, '0m'],
    ['1:30', 90 * M, false, '1h 30m'],
    ['0:05', 5 * M, false, '5m'],
    ['10:00', 600 * M, false, '10h 00m'],
    ['1h30', 90 * M, false, '1h 30m'],
    ['1h 30m', 90 * M, false, '1h 30m'],
    ['1H30M', 90 * M, false, '1h 30m'],
    ['  1 h  30 min ', 90 * M, false, '1h 30m'],
    ['1 hour 5 minutes', 65 * M, false, '1h 05m'],
    ['2h', 120 * M, false, '2h 00m'],
    ['45m', 45 * M, false, '45m'],
    ['45 min', 45 * M, false, '45m'],
    ['1.5h', 90 * M, false, '1h 30m'],
    ['1,5h', 90 * M, false, '1h 30m'],
    ['.25h', 15 * M, false, '15m'],
    ['0.33h', 20 * M, false, '20m'],
    ['+15m', 15 * M, true, '+15m'],
    ['+ 1h', 60 * M, true, '+1h 00m'],
    ['-10m', -10 * M, true, '\u221210m'],
    ['\u221210m', -10 * M, true, '\u221210m'],
    ['-1:30', -90 * M, true, '\u22121h 30m'],
    ['+90', 90 * M, true, '+1h 30m'],
    ['24h', 24 * 60 * M, false, '24h 00m'],
  ])('%s is %i seconds (relative %s), echoed as %s', (input, seconds, relative, echo) => {
    const parsed = parseDuration(input);
    expect(parsed).toEqual({ ok: true, seconds, relative });
    if (parsed.ok) expect(describeDuration(parsed)).toBe(echo);
  });
});

describe('parseDuration: bad input says what is accepted', () => {
  it.each([
    ['', DURATION_ACCEPTED],
    ['   ', DURATION_ACCEPTED],
    ['abc', DURATION_ACCEPTED],
    ['1.5', DURATION_ACCEPTED],
    ['h', DURATION_ACCEPTED],
    ['1h30x', DURATION_ACCEPTED],
    ['1:3', DURATION_MINUTES_OVER],
    ['1:75', DURATION_MINUTES_OVER],
    ['1h75', DURATION_MINUTES_OVER],
    ['1h 60m', DURATION_MINUTES_OVER],
    ['1.5h 10m', DURATION_ACCEPTED],
    ['++15m', DURATION_ACCEPTED],
    ['+-15m', DURATION_ACCEPTED],
    ['15m+', DURATION_ACCEPTED],
    ['-', DURATION_ACCEPTED],
    ['1d', DURATION_ACCEPTED],
    ['1e3', DURATION_ACCEPTED],
    ['25h', DURATION_TOO_LONG],
    ['1441', DURATION_TOO_LONG],
    ['+24:01', DURATION_TOO_LONG],
  ])('%j is refused: %s', (input, error) => {
    expect(parseDuration(input)).toEqual({ ok: false, error });
  });

  it('names the accepted forms', () => {
    for (const form of ['90', '1:30', '1h30', '1h 30m', '1.5h', '+15m', '-10m']) expect(DURATION_ACCEPTED).toContain(form);
  });
});
