import { describe, expect, it } from 'vitest';
import { layoutTimeline, shiftSegments, SEGMENT_STYLE } from '../timeline';
import { presetRange, rangeError, rangeLabel } from '../range';

const at = (hhmm: string) => new Date(`2026-03-27T${hhmm}:00Z`);

describe('timeline layout', () => {
  it('places segments as percentages and fills the holes as inactive', () => {
    const placed = layoutTimeline(
      [
        { start: at('10:00'), end: at('12:00'), type: 'work' },
        { start: at('12:00'), end: at('13:00'), type: 'break' },
        { start: at('14:00'), end: at('16:00'), type: 'manual' },
      ],
      at('08:00'),
      at('18:00'),
    );
    expect(placed.map((s) => [s.type, s.left, s.width])).toEqual([
      ['inactive', 0, 20],
      ['work', 20, 20],
      ['break', 40, 10],
      ['inactive', 50, 10],
      ['manual', 60, 20],
      ['inactive', 80, 20],
    ]);
    expect(placed.reduce((n, s) => n + s.width, 0)).toBeCloseTo(100);
  });

  it('clips to the bar and never overlaps', () => {
    const placed = layoutTimeline(
      [
        { start: at('07:00'), end: at('09:00'), type: 'work' },
        { start: at('08:30'), end: at('10:00'), type: 'break' },
      ],
      at('08:00'),
      at('10:00'),
    );
    expect(placed.map((s) => [s.type, s.left, s.width])).toEqual([
      ['work', 0, 50],
      ['break', 50, 50],
    ]);
  });

  it('an empty bar is nothing', () => {
    expect(layoutTimeline([], at('10:00'), at('10:00'))).toEqual([]);
  });

  it('types segments from status records: manual, the running ones active or processing', () => {
    const now = at('15:00');
    const records = [
      { status_enum_identifier: 'working', start_datetime: '2026-03-27T09:00:00Z', end_datetime: '2026-03-27T12:00:00Z' },
      { status_enum_identifier: 'taking_break', start_datetime: '2026-03-27T12:00:00Z', end_datetime: '2026-03-27T13:00:00Z' },
      { status_enum_identifier: 'working', start_datetime: '2026-03-27T13:00:00Z', end_datetime: null },
    ];
    expect(shiftSegments(records, { manual: false, now }).map((s) => s.type)).toEqual(['work', 'break', 'active']);
    expect(shiftSegments(records.slice(0, 2), { manual: true, now }).map((s) => s.type)).toEqual(['manual', 'break']);
    const onBreak = [{ ...records[1], end_datetime: null }];
    expect(shiftSegments(onBreak, { manual: false, now })[0]).toMatchObject({ type: 'processing', end: now });
  });

  it('has the spec colours', () => {
    expect(SEGMENT_STYLE.work.background).toBe('#389e0d');
    expect(SEGMENT_STYLE.processing.background).toContain('repeating-linear-gradient');
  });
});

describe('date range presets', () => {
  const today = '2026-11-25'; // a Wednesday
  it.each([
    ['today', '2026-11-25', '2026-11-25'],
    ['day', '2026-11-24', '2026-11-24'],
    ['week', '2026-11-19', '2026-11-25'],
    ['month', '2026-10-27', '2026-11-25'],
    ['current_week', '2026-11-23', '2026-11-29'],
    ['current_month', '2026-11-01', '2026-11-30'],
  ] as const)('%s', (preset, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  it("'This week' starts on the user's first day of the week", () => {
    expect(presetRange('current_week', today, 'monday')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('current_week', today, 'sunday')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(presetRange('current_week', today, 'saturday')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    // On the first day itself the week starts that day.
    expect(presetRange('current_week', '2026-11-22', 'sunday')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
  });

  it('reads as weekday and month day', () => {
    expect(rangeLabel({ from: '2026-11-23', to: '2026-11-29' })).toBe('Mon, Nov 23 – Sun, Nov 29');
    expect(rangeLabel({ from: '2026-11-25', to: '2026-11-25' })).toBe('Wed, Nov 25');
  });

  it('refuses a reversed or too long range', () => {
    expect(rangeError({ from: '2026-11-25', to: '2026-11-24' })).toBe('The end date must not be before the start date.');
    expect(rangeError({ from: '2026-01-01', to: '2026-06-30' })).toBe('Choose at most 93 days.');
    expect(rangeError({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
  });
});
