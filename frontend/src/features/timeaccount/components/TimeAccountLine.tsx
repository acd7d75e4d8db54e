import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { lineNumbers, lineText } from '../line';
import { timeAccountActions } from '../slice';

/**
 * "Today 6h 12m / 8h 00m · Week +1h 45m · Balance +12h 30m" (issue 27): a lazy chunk of the office
 * page. `liveWorked` is today's work time as the office shows it (ticking), or null.
 */
export default function TimeAccountLine({ liveWorked }: { liveWorked: number | null }) {
  const dispatch = useAppDispatch();
  const summary = useAppSelector((state) => state.timeAccount?.summary ?? null);
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
      {lineText(numbers)}
    </div>
  );
}
