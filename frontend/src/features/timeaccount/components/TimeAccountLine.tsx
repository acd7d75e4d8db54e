import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { lineNumbers, lineText } from '../line';
import { timeAccountActions } from '../slice';

// The time-off drawer: a lazy chunk mounted on first open.
const TimeOffDrawer = lazy(() => import('./TimeOffDrawer'));

/**
 * "Today 6h 12m / 8h 00m · Week +1h 45m · Balance +12h 30m" (issue 27): a lazy chunk of the office
 * page. `liveWorked` is today's work time as the office shows it (ticking), or null.
 */
export default function TimeAccountLine({ liveWorked }: { liveWorked: number | null }) {
  const dispatch = useAppDispatch();
  const summary = useAppSelector((state) => state.timeAccount?.summary ?? null);
  // Mounted on first open and kept (shared/lazyDialog's rule, written here: importing that module
  // from this chunk would split it out of the office's first load into a chunk of its own).
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    dispatch(timeAccountActions.summaryRequested());
  }, [dispatch]);
  if (!summary) return null;
  const numbers = lineNumbers(summary, liveWorked);
  return (
    <div
      className="time-account-line"
      data-testid="time-account-line"
      aria-label="Working-time account"
      style={{ fontVariantNumeric: 'tabular-nums', color: 'rgba(0, 0, 0, 0.65)' }}
    >
      {lineText(numbers)}{' '}
      <button type="button" className="time-account-line__link" onClick={() => {
          setMounted(true);
          setOpen(true);
        }} style={{ background: 'none', border: 0, padding: 0, color: '#1668dc', cursor: 'pointer' }}>
        Time off
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <TimeOffDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
