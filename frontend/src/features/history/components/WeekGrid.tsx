import { useEffect, useState } from 'react';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { GridRow, WeekStart } from '../../../api/types';
import { addDays } from '../../../shared/dates';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatShortDayDate, formatDuration, parseLocalDate } from '../../../shared/time';
import { startOfWeek } from '../../../shared/weeks';
import { selectHistory } from '../selectors';
import { cellKey, historyActions } from '../slice';
import { PENDING_TEXT, selectWaiting } from '../../../shared/outbox/slice';
import { GridCell } from './GridCell';

export { BELOW_ZERO } from './GridCell';

const dayLabel = (date: string) => formatShortDayDate(parseLocalDate(date));

/**
 * History's week grid (issue 31, docs/keyboard.md "Week grid"): the viewer's tasks as rows and
 * the week's days as columns, durations typed into the cells under the allocation rules of the
 * day (never more than its work time: the server's message says so), totals per task and day,
 * the week before's tasks copied in as empty rows, and the keyboard between cells.
 */
export function WeekGrid({ today, firstDay }: { today: string; firstDay: WeekStart }) {
  const dispatch = useAppDispatch();
  const { grid } = useAppSelector(selectHistory);
  const [problem, setProblem] = useState<string | null>(null);
  const thisWeek = startOfWeek(today, firstDay);
  const weekStart = grid.weekStart ?? thisWeek;

  useEffect(() => {
    if (grid.weekStart === null) dispatch(historyActions.gridWeekChosen(thisWeek));
  }, [dispatch, grid.weekStart, thisWeek]);

  const data = grid.data && grid.data.from_date === weekStart ? grid.data : null;
  const rows: GridRow[] = data
    ? [...data.rows, ...grid.copied.map((task) => ({ task, seconds: data.days.map(() => 0), total_seconds: 0 }))]
    : [];
  // Time changes of this week kept while offline, not sent yet (docs/offline.md): said under the cells
  // (a task card's change has no work day: it is today's, as in GridCell).
  const waiting = useAppSelector(selectWaiting);
  const ofThisWeek = (workDay: unknown) => data?.days.some((day) => (workDay == null ? day.date === today : day.work_day !== null && day.work_day === workDay));
  const pending = waiting.filter((entry) => entry.kind === 'task_time' && ofThisWeek(entry.body?.work_day)).length;
  const choose = (start: string) => {
    setProblem(null);
    dispatch(historyActions.gridWeekChosen(start));
  };

  return (
    <section className="history-card" aria-labelledby="week-grid-title" data-testid="week-grid">
      <div className="week-grid__head">
        <h2 id="week-grid-title" className="history-card__title">
          Week grid
        </h2>
        <Space wrap>
          <Button icon={<LeftOutlined />} aria-label="Previous week" onClick={() => choose(addDays(weekStart, -7))} />
          <span className="week-grid__range" aria-live="polite">
            {dayLabel(weekStart)} – {dayLabel(addDays(weekStart, 6))}
          </span>
          <Button icon={<RightOutlined />} aria-label="Next week" disabled={weekStart >= thisWeek} onClick={() => choose(addDays(weekStart, 7))} />
          <Button disabled={weekStart === thisWeek} onClick={() => choose(thisWeek)}>
            This week
          </Button>
          <Button icon={<CopyOutlined />} disabled={!data} onClick={() => dispatch(historyActions.gridCopyRequested())}>
            Copy last week's tasks
          </Button>
        </Space>
      </div>
      {!data ? (
        grid.error ? (
          <Empty description={grid.error} />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )
      ) : (
        <>
          <div className="week-grid__scroll">
            <table className="week-grid" aria-label="Time on tasks by day" aria-busy={grid.loading || undefined}>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  {data.days.map((day) => (
                    <th scope="col" key={day.date} className={day.date === today ? 'week-grid__today' : undefined}>
                      {dayLabel(day.date)}
                    </th>
                  ))}
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={data.days.length + 2} className="week-grid__empty">
                      No time on tasks this week. Copy last week's tasks to start from them.
                    </td>
                  </tr>
                )}
                {rows.map((row, r) => (
                  <tr key={row.task.id}>
                    <th scope="row" className="week-grid__task">
                      <span className="week-grid__dot" style={{ background: row.task.color }} aria-hidden />
                      <span>
                        {row.task.title}
                        <Typography.Text type="secondary" className="week-grid__where">
                          {row.task.project_title} · {row.task.task_list_title}
                        </Typography.Text>
                      </span>
                    </th>
                    {data.days.map((day, c) => (
                      <td key={day.date}>
                        <GridCell
                          row={r}
                          column={c}
                          seconds={row.seconds[c]}
                          task={row.task.id}
                          workDay={day.work_day}
                          today={day.date === today}
                          label={`${row.task.title}, ${dayLabel(day.date)}`}
                          disabled={day.work_day === null || day.date > today || day.closed !== null}
                          reason={day.closed ?? (day.date > today ? 'A day still to come' : 'No work on this day')}
                          saving={grid.saving === cellKey(row.task.id, day.date)}
                          onProblem={setProblem}
                          onCommit={(seconds) => dispatch(historyActions.gridCellSaveRequested({ task: row.task, date: day.date, seconds }))}
                        />
                      </td>
                    ))}
                    <td className="week-grid__total">{formatDuration(row.total_seconds)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Tasks time</th>
                  {data.days.map((day) => (
                    <td key={day.date}>{formatDuration(day.allocated_seconds)}</td>
                  ))}
                  <td className="week-grid__total">{formatDuration(data.allocated_seconds)}</td>
                </tr>
                <tr>
                  <th scope="row">Work time</th>
                  {data.days.map((day) => (
                    <td key={day.date}>{day.work_day === null ? '—' : formatDuration(day.work_seconds)}</td>
                  ))}
                  <td className="week-grid__total">{formatDuration(data.work_seconds)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p id="week-grid-problem" className="week-grid__problem" role="status" aria-live="polite">
            {problem ?? 'Type a time like 1:30, 90, 1h30 or +15m. Enter saves and goes down; the arrow keys move between cells.'}
          </p>
          {pending > 0 && (
            <p id="week-grid-pending" className="week-grid__kept" role="status">
              {PENDING_TEXT}: {pending === 1 ? '1 change' : `${pending} changes`} of this week.
            </p>
          )}
        </>
      )}
    </section>
  );
}
