import { useRef, useState, type KeyboardEvent } from 'react';
import { parseDuration } from '../../../shared/durationInput';
import { useAppSelector } from '../../../shared/hooks';
import { PENDING_TEXT, selectWaitingSecondsOnDay } from '../../../shared/outbox/slice';
import { formatDuration } from '../../../shared/time';

export const BELOW_ZERO = "A task's time on a day cannot go below 0m.";

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
  /** The server's time of the task that day. */
  seconds: number;
  /** The task and the work day (null: no work that day), for the changes still waiting. */
  task: number;
  workDay: number | null;
  today: boolean;
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
 * arrow keys move between cells (left / right at the text's ends). A change kept while offline
 * (docs/offline.md) is in the time shown, the cell marked pending until the server has it.
 */
export function GridCell({ row, column, seconds: server, task, workDay, today, label, disabled, reason, saving, onCommit, onProblem }: CellProps) {
  const waiting = useAppSelector((state) => (workDay === null ? null : selectWaitingSecondsOnDay(state, task, workDay, today)));
  const pending = waiting !== null;
  const seconds = server + (waiting ?? 0);
  const shown = seconds ? formatDuration(seconds) : '';
  const [text, setText] = useState<string | null>(null);
  // What is typed, read by commit(): Enter commits and moves the focus at once, and the blur that
  // follows runs commit() again before React has rendered the cleared text; it must see it cleared,
  // or the change is made twice.
  const typedRef = useRef<string | null>(null);
  const type = (typed: string | null) => {
    typedRef.current = typed;
    setText(typed);
  };
  const [invalid, setInvalid] = useState(false);
  const value = text ?? shown;

  const commit = (): boolean => {
    const current = typedRef.current;
    if (current === null || current.trim() === shown) {
      type(null);
      return true;
    }
    const typed = current.trim();
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
    type(null);
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
      type(null);
      setInvalid(false);
      onProblem(null);
      // The cell's own value again, selected: the next key types over it.
      window.requestAnimationFrame(() => input.select());
    }
  };

  return (
    <>
      <input
        id={`grid-cell-${row}-${column}`}
        className={`week-grid__input${invalid ? ' week-grid__input--invalid' : ''}${pending ? ' week-grid__input--pending' : ''}`}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={pending ? 'week-grid-pending week-grid-problem' : 'week-grid-problem'}
        aria-busy={saving || undefined}
        inputMode="text"
        autoComplete="off"
        value={value}
        placeholder={disabled ? '' : '—'}
        title={disabled ? reason : pending ? PENDING_TEXT : undefined}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
      />
      {pending && (
        <span className="week-grid__pending" aria-hidden>
          pending
        </span>
      )}
    </>
  );
}
