import { useEffect, useRef } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { CalendarRead, DayTaskTime } from '../../../api/types';
import { displayClock, formatDuration } from '../../../shared/time';
import { weekdayLabel } from '../../../shared/zoned';
import { dayStart, liveWorked, minuteClock } from '../layout';
import { DayColumn, type DayActions } from './DayColumn';
import { TaskChips } from './TaskChips';

interface Props extends DayActions {
  data: CalendarRead;
  today: string;
  now: Date;
  /** Add a manual shift on a day from the keyboard (null: read-only). */
  onAddOnDay: ((date: string) => void) | null;
  onOpenTask: (task: DayTaskTime) => void;
}

const SCALE = 0.75; // px per minute: 45 px an hour
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The week: a column per day with its worked and planned blocks, day totals and task time. */
export function WeekGrid({ data, today, now, onAddOnDay, onOpenTask, ...actions }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Open on the working hours: an hour before the week's first start in the daytime (a night
    // shift's tail after midnight does not count), at the latest 07:00.
    const starts = data.days.flatMap((day) => {
      const origin = dayStart(day.date, data.timezone).getTime();
      return [...day.blocks, ...day.planned].map((b) => (new Date(b.start).getTime() - origin) / 60_000).filter((m) => m >= 5 * 60);
    });
    const first = Math.min(7 * 60, ...starts.map((m) => m - 60));
    if (scroller.current) scroller.current.scrollTop = Math.max(0, first) * SCALE;
    // Only when another range arrives, not on every live tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.from_date, data.to_date, data.user]);

  return (
    <div className="calendar-week" role="group" aria-label="Week">
      <div className="calendar-week__head">
        <div className="calendar-gutter" />
        {data.days.map((day) => {
          const { worked } = liveWorked(day, data.now, now);
          return (
            <div key={day.date} className={`calendar-week__day-head${day.date === today ? ' is-today' : ''}`}>
              <div className="calendar-week__day-name">
                <span>{weekdayLabel(day.date)}</span>
                {onAddOnDay && day.date <= today && (
                  <Tooltip title="Add a manual shift">
                    <Button
                      size="small"
                      type="text"
                      icon={<PlusOutlined />}
                      aria-label={`Add a manual shift on ${weekdayLabel(day.date)}`}
                      onClick={() => onAddOnDay(day.date)}
                    />
                  </Tooltip>
                )}
              </div>
              <div className="calendar-week__day-totals">
                <span className="calendar-total calendar-total--work" title="Worked">{formatDuration(worked)}</span>
                {day.planned_seconds > 0 && (
                  <span className="calendar-total calendar-total--planned" title="Planned">
                    / {formatDuration(day.planned_seconds)}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <div className="calendar-week__scroll" ref={scroller}>
        <div className="calendar-week__body">
          <div className="calendar-gutter" aria-hidden>
            {HOURS.map((hour) => (
              <div key={hour} className="calendar-gutter__hour" style={{ height: 60 * SCALE }}>
                {hour > 0 && <span>{displayClock(minuteClock(hour * 60))}</span>}
              </div>
            ))}
          </div>
          {data.days.map((day) => (
            <DayColumn
              key={day.date}
              day={day}
              origin={dayStart(day.date, data.timezone)}
              now={now}
              timeZone={data.timezone}
              scale={SCALE}
              isToday={day.date === today}
              {...actions}
              onSelectRange={day.date <= today ? actions.onSelectRange : null}
            />
          ))}
        </div>
      </div>
      <div className="calendar-week__tasks" aria-label="Time on tasks">
        <div className="calendar-gutter calendar-gutter__label">Tasks</div>
        {data.days.map((day) => (
          <div key={day.date} className="calendar-week__task-cell">
            <TaskChips tasks={day.tasks} onOpenTask={onOpenTask} />
          </div>
        ))}
      </div>
    </div>
  );
}
