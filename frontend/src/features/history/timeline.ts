// The timeline of spec 01 §3 / §9: segments laid out on a bar, coloured by type.

export type SegmentType = 'work' | 'break' | 'active' | 'manual' | 'inactive' | 'processing';

export interface TimelineSegment {
  start: Date;
  end: Date;
  type: SegmentType;
  note?: string;
}

export interface PlacedSegment extends TimelineSegment {
  /** Percent of the bar from its left edge, and of its width. */
  left: number;
  width: number;
}

/** Spec 01 §9: work green, break blue, active teal, manual orange, processing grey striped, inactive grey. */
export const SEGMENT_STYLE: Record<SegmentType, { label: string; background: string }> = {
  work: { label: 'Work', background: '#389e0d' },
  break: { label: 'Break', background: '#1677ff' },
  active: { label: 'Active', background: '#08979c' },
  manual: { label: 'Manual', background: '#d46b08' },
  processing: {
    label: 'Processing',
    background: 'repeating-linear-gradient(45deg, #8c8c8c 0 4px, #d9d9d9 4px 8px)',
  },
  inactive: { label: 'Inactive', background: '#d9d9d9' },
};

export interface RecordLike {
  status_enum_identifier: string;
  start_datetime: string;
  end_datetime?: string | null;
}

/**
 * A shift's status records as segments: closed work is work (manual in a manual shift), a break
 * is a break; the record still running is active while working and processing while on a break
 * (its length is not settled yet).
 */
export function shiftSegments(records: RecordLike[], { manual, now }: { manual: boolean; now: Date }): TimelineSegment[] {
  return records
    .filter((r) => r.status_enum_identifier === 'working' || r.status_enum_identifier === 'taking_break')
    .map((r) => {
      const working = r.status_enum_identifier === 'working';
      const open = !r.end_datetime;
      const type: SegmentType = open ? (working ? 'active' : 'processing') : working ? (manual ? 'manual' : 'work') : 'break';
      return { start: new Date(r.start_datetime), end: open ? now : new Date(r.end_datetime as string), type };
    });
}

/**
 * Segments on a bar from `lo` to `hi`: clipped to it, in time order, with the holes between
 * them filled as inactive (out of the office), and placed as percentages.
 */
export function layoutTimeline(segments: TimelineSegment[], lo: Date, hi: Date): PlacedSegment[] {
  const span = hi.getTime() - lo.getTime();
  if (span <= 0) return [];
  const sorted = segments
    .map((s) => ({ ...s, start: new Date(Math.max(s.start.getTime(), lo.getTime())), end: new Date(Math.min(s.end.getTime(), hi.getTime())) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const filled: TimelineSegment[] = [];
  let cursor = lo.getTime();
  for (const segment of sorted) {
    if (segment.start.getTime() > cursor) filled.push({ start: new Date(cursor), end: segment.start, type: 'inactive' });
    const start = Math.max(segment.start.getTime(), cursor);
    if (segment.end.getTime() > start) filled.push({ ...segment, start: new Date(start) });
    cursor = Math.max(cursor, segment.end.getTime());
  }
  if (cursor < hi.getTime()) filled.push({ start: new Date(cursor), end: hi, type: 'inactive' });
  return filled.map((s) => ({
    ...s,
    left: ((s.start.getTime() - lo.getTime()) / span) * 100,
    width: ((s.end.getTime() - s.start.getTime()) / span) * 100,
  }));
}
