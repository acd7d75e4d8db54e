import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CalendarRead, DayTaskTime } from '../../../api/types';
import { formatDuration } from '../../../shared/time';
import { weekdayLabel } from '../../../shared/zoned';
import { liveWorked, plannedTitle, STATUS_LABEL, timeRange } from '../layout';
import type { DayActions } from './DayColumn';
import { TaskChips } from './TaskChips';

interface Props extends Omit<DayActions, 'onSelectRange'> {
  data: CalendarRead;
  today: string;
  now: Date;
  onAddOnDay: ((date: string) => void) | null;
  onOpenTask: (task: DayTaskTime) => void;
}

/** The week as a list of days (phones): the same blocks, planned sessions and task time. */
export function DayList({ data, today, now, onAddOnDay, onOpenTask, onOpenShift, onPlannedToShift }: Props) {
  return (
    <ol className="calendar-list" aria-label="Days">
      {data.days.map((day) => {
        const { worked, pause } = liveWorked(day, data.now, now);
        const empty = day.blocks.length === 0 && day.planned.length === 0 && day.tasks.length === 0;
        return (
          <li key={day.date} className={`calendar-list__day${day.date === today ? ' is-today' : ''}`} data-testid={`calendar-list-${day.date}`}>
            <header className="calendar-list__head">
              <h3>
                {weekdayLabel(day.date)}
                {day.date === today && <span className="calendar-list__today"> (Today)</span>}
              </h3>
              <span className="calendar-total calendar-total--work">{formatDuration(worked)}</span>
            </header>
            <div className="calendar-list__meta">
              {pause > 0 && <span>Break {formatDuration(pause)}</span>}
              {day.planned_seconds > 0 && <span>Planned {formatDuration(day.planned_seconds)}</span>}
            </div>
            {empty && <span className="calendar-list__empty">Nothing worked or planned</span>}
            <ul className="calendar-list__items">
              {day.blocks.map((block) => (
                <li key={`${block.start}-${block.status}`}>
                  <button
                    type="button"
                    className={`calendar-chip calendar-chip--${block.status === 'working' ? (block.manual ? 'manual' : 'work') : 'break'}`}
                    disabled={block.shift_id === null}
                    onClick={() => onOpenShift(block, day.date)}
                  >
                    {STATUS_LABEL[block.status]} {timeRange(block.start, block.end, data.timezone)}
                  </button>
                </li>
              ))}
              {day.planned.map((planned) => (
                <li key={`planned-${planned.id}`} className="calendar-list__planned">
                  <span className="calendar-chip calendar-chip--planned">
                    {plannedTitle(planned)} {timeRange(planned.start, planned.end, data.timezone)}
                  </span>
                  {onPlannedToShift && day.date <= today && (
                    <Button size="small" type="link" className="calendar-list__to-shift" onClick={() => onPlannedToShift(planned)}>
                      Turn into manual shift
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <TaskChips tasks={day.tasks} onOpenTask={onOpenTask} />
            {onAddOnDay && day.date <= today && (
              <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => onAddOnDay(day.date)}>
                Add manual shift
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
