import { useRef, useState } from 'react';
import { Button, Popover } from 'antd';
import type { CalendarDay, PlannedBlock, WorkedBlock } from '../../../api/types';
import { blockEnd, clockOf, DAY_MINUTES, minuteClock, place, plannedTitle, snap, STATUS_LABEL, timeRange } from '../layout';

export interface DayActions {
  /** Open the shift a worked block belongs to (History). */
  onOpenShift: (block: WorkedBlock, date: string) => void;
  /** A dragged free range, as 'HH:mm' times on the day (null: this calendar is read-only). */
  onSelectRange: ((date: string, start: string, end: string) => void) | null;
  /** Turn a planned session into a manual shift (null: read-only). */
  onPlannedToShift: ((planned: PlannedBlock) => void) | null;
}

interface Props extends DayActions {
  day: CalendarDay;
  origin: Date;
  now: Date;
  timeZone: string;
  /** Pixels per minute of the grid. */
  scale: number;
  isToday: boolean;
}

const px = (minutes: number, scale: number) => `${minutes * scale}px`;

/** One day of the week grid: worked blocks (right lane), planned ones outlined (left lane), the
 *  now line, and a range dragged on free time to add a manual shift. */
export function DayColumn({ day, origin, now, timeZone, scale, isToday, onOpenShift, onSelectRange, onPlannedToShift }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);

  const minuteAt = (clientY: number) => {
    const rect = body.current?.getBoundingClientRect();
    if (!rect) return 0;
    return Math.max(0, Math.min(DAY_MINUTES, snap((clientY - rect.top) / scale)));
  };
  const onPointerDown = (event: React.PointerEvent) => {
    if (!onSelectRange || event.button !== 0 || event.target !== body.current) return;
    const at = minuteAt(event.clientY);
    body.current?.setPointerCapture?.(event.pointerId);
    setDrag({ from: at, to: at });
  };
  const onPointerMove = (event: React.PointerEvent) => {
    if (drag) setDrag({ ...drag, to: minuteAt(event.clientY) });
  };
  const onPointerUp = () => {
    if (!drag || !onSelectRange) return;
    const lo = Math.min(drag.from, drag.to);
    const hi = Math.max(drag.from, drag.to);
    setDrag(null);
    // A click without a drag proposes an hour from there.
    const end = hi - lo >= 15 ? hi : Math.min(lo + 60, DAY_MINUTES - 1);
    onSelectRange(day.date, minuteClock(lo), minuteClock(end));
  };

  const nowAt = isToday ? place(now, now, origin).top : null;
  return (
    <div
      ref={body}
      className={`calendar-day${isToday ? ' calendar-day--today' : ''}${onSelectRange ? ' calendar-day--selectable' : ''}`}
      style={{ height: px(DAY_MINUTES, scale) }}
      data-testid={`calendar-day-${day.date}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {day.planned.map((planned) => {
        const at = place(planned.start, planned.end, origin);
        const label = `${plannedTitle(planned)}, ${timeRange(planned.start, planned.end, timeZone)}`;
        return (
          <Popover
            key={planned.id}
            trigger="click"
            title={plannedTitle(planned)}
            content={
              <div className="calendar-popover">
                <span>{timeRange(planned.start, planned.end, timeZone)}</span>
                {onPlannedToShift && (
                  <Button type="primary" size="small" onClick={() => onPlannedToShift(planned)}>
                    Turn into manual shift
                  </Button>
                )}
              </div>
            }
          >
            <button
              type="button"
              className="calendar-block calendar-block--planned"
              style={{ top: px(at.top, scale), height: px(Math.max(at.height, 15), scale) }}
              aria-label={`Planned: ${label}`}
            >
              <span className="calendar-block__text">{plannedTitle(planned)}</span>
              {at.height * scale >= 36 && <span className="calendar-block__text calendar-block__time">{timeRange(planned.start, planned.end, timeZone)}</span>}
            </button>
          </Popover>
        );
      })}
      {day.blocks.map((block) => {
        const end = blockEnd(block, now);
        const at = place(block.start, end, origin);
        const kind = block.status === 'working' ? (block.manual ? 'manual' : 'work') : 'break';
        const label = `${STATUS_LABEL[block.status]}${block.manual ? ' (manual)' : ''} ${timeRange(block.start, block.end, timeZone)}`;
        return (
          <button
            key={`${block.start}-${block.status}`}
            type="button"
            className={`calendar-block calendar-block--${kind}${block.end === null ? ' calendar-block--open' : ''}`}
            style={{ top: px(at.top, scale), height: px(Math.max(at.height, 4), scale) }}
            aria-label={`${label}: open its shift`}
            title={label}
            disabled={block.shift_id === null}
            onClick={() => onOpenShift(block, day.date)}
          >
            {at.height * scale >= 18 && <span className="calendar-block__text">{clockOf(block.start, timeZone)}</span>}
            {at.height * scale >= 34 && <span className="calendar-block__text">{block.end ? clockOf(block.end, timeZone) : 'now'}</span>}
          </button>
        );
      })}
      {drag && (
        <div
          className="calendar-selection"
          style={{ top: px(Math.min(drag.from, drag.to), scale), height: px(Math.abs(drag.to - drag.from), scale) }}
          aria-hidden
        />
      )}
      {nowAt !== null && <div className="calendar-now" style={{ top: px(nowAt, scale) }} aria-hidden />}
    </div>
  );
}
