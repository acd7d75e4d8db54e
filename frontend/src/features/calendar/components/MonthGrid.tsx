import type { CalendarRead } from '../../../api/types';
import { formatDuration } from '../../../shared/time';
import { liveWorked } from '../layout';
import { shownWeekLabel } from '../weeks';

interface Props {
  data: CalendarRead;
  /** 'YYYY-MM' of the month shown (days of other months are dimmed). */
  month: string;
  today: string;
  now: Date;
  weekdays: string[];
  onOpenDay: (date: string) => void;
}

/** The month: whole weeks, each with its ISO week number; a day shows what was worked and planned
 *  and opens its week. */
export function MonthGrid({ data, month, today, now, weekdays, onOpenDay }: Props) {
  const weeks = [];
  for (let index = 0; index < data.days.length; index += 7) weeks.push(data.days.slice(index, index + 7));
  return (
    <table className="calendar-month">
      <thead>
        <tr>
          <th scope="col" className="calendar-month__week">
            <span className="sr-only">Week</span>
          </th>
          {weekdays.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0].date}>
            <th scope="row" className="calendar-month__week" title="ISO week number">
              {shownWeekLabel(week[0].date)}
            </th>
            {week.map((day) => {
              const { worked } = liveWorked(day, data.now, now);
              const outside = !day.date.startsWith(month);
              const share = day.planned_seconds ? Math.min(1, worked / day.planned_seconds) : worked ? 1 : 0;
              return (
                <td key={day.date} className={`${outside ? 'is-outside' : ''}${day.date === today ? ' is-today' : ''}`}>
                  <button type="button" className="calendar-month__day" onClick={() => onOpenDay(day.date)} aria-label={`${day.date}: open the week`}>
                    <span className="calendar-month__date">{Number(day.date.slice(8))}</span>
                    {worked > 0 && <span className="calendar-total calendar-total--work">{formatDuration(worked)}</span>}
                    {day.planned_seconds > 0 && (
                      <span className="calendar-total calendar-total--planned">Planned {formatDuration(day.planned_seconds)}</span>
                    )}
                    {day.task_seconds > 0 && <span className="calendar-month__tasks">Tasks {formatDuration(day.task_seconds)}</span>}
                    {(worked > 0 || day.planned_seconds > 0) && (
                      <span className="calendar-month__bar" aria-hidden>
                        <span style={{ width: `${Math.round(share * 100)}%` }} />
                      </span>
                    )}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
