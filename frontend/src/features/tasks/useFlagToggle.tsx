import { useCallback } from 'react';
import { Button } from 'antd';
import type { TaskFlag } from '../../api/projects';
import { useAppDispatch } from '../../shared/hooks';
import { feedback } from '../../shared/feedback';
import { tasksActions } from './slice';

export const FLAG_LABELS: Record<TaskFlag, string> = {
  today_yn: 'Today',
  starred_yn: 'Starred',
  next_shift_yn: 'Next Shift',
};

export const UNDO_SECONDS = 5;

/**
 * Toggles a personal flag at once (the saga saves it). Turning one off shows the 5-second
 * snackbar with Undo: 'removed from Today' ... (spec 01 §4).
 */
export function useFlagToggle() {
  const dispatch = useAppDispatch();
  return useCallback(
    (taskId: number, flag: TaskFlag, value: boolean) => {
      dispatch(tasksActions.taskFlagToggled({ taskId, flag, value }));
      if (value) return;
      const key = `undo-${taskId}-${flag}`;
      feedback.message.open({
        key,
        type: 'info',
        duration: UNDO_SECONDS,
        content: (
          <span>
            removed from {FLAG_LABELS[flag]}{' '}
            <Button
              type="link"
              size="small"
              onClick={() => {
                feedback.message.destroy(key);
                dispatch(tasksActions.taskFlagToggled({ taskId, flag, value: true }));
              }}
            >
              Undo
            </Button>
          </span>
        ),
      });
    },
    [dispatch],
  );
}
