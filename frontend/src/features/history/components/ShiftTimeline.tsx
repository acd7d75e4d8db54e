import { Tooltip } from 'antd';
import { formatDuration } from '../../../shared/time';
import { layoutTimeline, SEGMENT_STYLE, type SegmentType, type TimelineSegment } from '../timeline';
import { formatClockIn } from '../../../shared/zoned';

interface Props {
  segments: TimelineSegment[];
  lo: Date;
  hi: Date;
  timeZone: string;
  /** Read out by screen readers for the whole bar. */
  label: string;
  height?: number;
}

/** Segments on a bar, each with a tooltip 'Work 09:00 – 12:00 (3h 00m)' (spec 01 §3, §9). */
export function ShiftTimeline({ segments, lo, hi, timeZone, label, height = 14 }: Props) {
  const placed = layoutTimeline(segments, lo, hi);
  return (
    <div className="shift-timeline" role="img" aria-label={label} style={{ height }}>
      {placed.map((segment) => {
        const text = `${SEGMENT_STYLE[segment.type].label} ${formatClockIn(segment.start, timeZone)} – ${formatClockIn(segment.end, timeZone)} (${formatDuration((segment.end.getTime() - segment.start.getTime()) / 1000)})${segment.note ? ` · ${segment.note}` : ''}`;
        return (
          <Tooltip key={`${segment.start.getTime()}-${segment.type}`} title={text}>
            <span
              className={`shift-timeline__segment shift-timeline__segment--${segment.type}`}
              data-type={segment.type}
              style={{ left: `${segment.left}%`, width: `${segment.width}%`, background: SEGMENT_STYLE[segment.type].background }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}

export function TimelineLegend({ types }: { types: SegmentType[] }) {
  return (
    <ul className="shift-timeline__legend" aria-label="Timeline colours">
      {types.map((type) => (
        <li key={type}>
          <span className="shift-timeline__swatch" style={{ background: SEGMENT_STYLE[type].background }} />
          {SEGMENT_STYLE[type].label}
        </li>
      ))}
    </ul>
  );
}
