import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { GridRow, WeekStart } from '../../../api/types';
import { addDays } from '../../../shared/dates';
import { parseDuration } from '../../../shared/durationInput';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatShortDayDate, formatDuration, parseLocalDate } from '../../../shared/time';
import { startOfWeek } from '../../../shared/weeks';
import { selectHistory } from '../selectors';
import { cellKey, historyActions } from '../slice';

export const BELOW_ZERO = "A task's time on a day cannot go below 0m.";

const dayLabel = (date: string) => formatShortDayDate(parseLocalDate(date));

/** Focus the grid's cell at (row, column), if it is there and can take input. */
function focusCell(row: number, column: number) {
  const cell = document.getElementById(`grid-cell-${row}-${column}`);
  if (cell instanceof HTMLInputElement && !cell.disabled) {
    cell.focus();
    cell.select();
  }
}

interface CellProps {
  row: number;
  column: number;
  seconds: number;
  label: string;
  disabled: boolean;
  reason: string;
  saving: boolean;
  onCommit: (seconds: number) => void;
  onProblem: (problem: string | null) => void;
}

/**
 * One day of one task: shows its time; typed as people say durations (shared/durationInput:
 * `1:30`, `90`, `1h30`, `+15m`); Enter or leaving the cell saves it, Escape puts it back; the
 * arrow keys move between cells (left / right at the text's ends).
 */
function GridCell({ row, column, seconds, label, disabled, reason, saving, onCommit, onProblem }: CellProps) {
  const shown = seconds ? formatDuration(seconds) : '';
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const value = text ?? shown;

  const commit = (): boolean => {
    if (text === null || text.trim() === shown) {
      setText(null);
      return true;
    }
    const typed = text.trim();
    const parsed = typed === '' ? ({ ok: true, seconds: 0, relative: false } as const) : parseDuration(typed);
    if (!parsed.ok) {
      setInvalid(true);
      onProblem(`${label}: ${parsed.error}`);
      return false;
    }
    const target = parsed.relative ? seconds + parsed.seconds : parsed.seconds;
    if (target < 0) {
      setInvalid(true);
      onProblem(`${label}: ${BELOW_ZERO}`);
      return false;
    }
    setInvalid(false);
    onProblem(null);
    setText(null);
    if (target !== seconds) onCommit(target);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const move = (toRow: number, toColumn: number) => {
      event.preventDefault();
      if (commit()) focusCell(toRow, toColumn);
    };
    if (event.key === 'Enter') move(row + 1, column);
    else if (event.key === 'ArrowDown') move(row + 1, column);
    else if (event.key === 'ArrowUp') move(row - 1, column);
    else if (event.key === 'ArrowLeft' && atStart) move(row, column - 1);
    else if (event.key === 'ArrowRight' && atEnd) move(row, column + 1);
    else if (event.key === 'Escape') {
      setText(null);
      setInvalid(false);
      onProblem(null);
      // The cell's own value again, selected: the next key types over it.
      window.requestAnimationFrame(() => input.select());
    }
  };

  return (
    <input
      id={`grid-cell-${row}-${column}`}
      className={`week-grid__input${invalid ? ' week-grid__input--invalid' : ''}`}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby="week-grid-problem"
      aria-busy={saving || undefined}
      inputMode="text"
      autoComplete="off"
      value={value}
      placeholder={disabled ? '' : '—'}
      title={disabled ? reason : undefined}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
    />
  );
}

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
        </>
      )}
    </section>
  );
}
