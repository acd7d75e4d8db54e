import type { Task } from '../../api/types';
import { TaskTimeControls } from '../../features/tracker/components/TaskTimeControls';
import { useDayTimes } from './useDayTimes';

/** The task card's time slot: time worked today, the tracker control and the manage-time popover. */
export function TaskTimeSlot({ task }: { task: Task }) {
  const { now, unallocated } = useDayTimes();
  return <TaskTimeControls task={task} now={now} unallocated={unallocated} />;
}
