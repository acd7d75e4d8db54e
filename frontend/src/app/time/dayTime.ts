import { createElement, useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../store';
import type { Task } from '../../api/types';
import { feedback } from '../../shared/feedback';
import { shownMinutes } from '../../shared/time';
import { useAppDispatch } from '../../shared/hooks';
import { TaskTimeSlot } from './TaskTimeSlot';
import { TASK_REMOVED } from '../../features/tracker/rules';
import { selectTaskTodaySeconds } from '../../features/tracker/selectors';
import { trackerActions } from '../../features/tracker/slice';

/** The task card's time slot (TaskCard's `timeSlot`, TaskDetailsPane's `renderTime`). */
export const renderTaskTime = (task: Task) => createElement(TaskTimeSlot, { task });

export const PROJECT_REMOVED = 'All tasks of this project will be removed from Today and their hours will be added to unallocated.';

/** Taking a task with time off Today asks first (spec 01 §5, spec 02): only when the time its card shows is above 0m. */
export function useConfirmTodayOff() {
  const store = useStore<RootState>();
  return useCallback(
    (task: Task, proceed: () => void) => {
      if (shownMinutes(selectTaskTodaySeconds(store.getState(), task.id, Date.now(), task.seconds_worked)) === 0) {
        proceed();
        return;
      }
      feedback.confirm({
        title: `Remove '${task.title}' from Today?`,
        content: TASK_REMOVED,
        okText: 'Remove',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: proceed,
      });
    },
    [store],
  );
}

/** Taking a whole project off Today (the bars' remove button): the project variant of the confirmation. */
export function useConfirmProjectOff() {
  const dispatch = useAppDispatch();
  return useCallback(
    (project: { id: number; title: string; seconds: number }) => {
      const remove = () => dispatch(trackerActions.removeFromDayRequested({ project: project.id, title: project.title }));
      feedback.confirm({
        title: `Remove '${project.title}' from Today?`,
        content: PROJECT_REMOVED,
        okText: 'Remove',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: remove,
      });
    },
    [dispatch],
  );
}
