import HistoryPage from '../../features/history/pages/HistoryPage';
import { WeekComplete } from '../../features/closing/components/WeekComplete';

/** History with 'My week is complete' for the period its range starts in (docs/closing.md). */
export default function HistoryRoute() {
  return <HistoryPage toolbar={(range, today) => <WeekComplete date={range.from} today={today} />} />;
}
