import type { RootState } from '../../app/store';
import type { TaskFlag } from '../../api/projects';
import { flagKey, tasksAdapter } from './slice';

const adapterSelectors = tasksAdapter.getSelectors((state: RootState) => state.tasks);

export const selectTaskById = (state: RootState, taskId: number | null) =>
  taskId === null ? undefined : adapterSelectors.selectById(state, taskId);
export const selectTaskEntities = adapterSelectors.selectEntities;
export const selectFlagInFlight = (state: RootState, taskId: number, flag: TaskFlag) =>
  state.tasks.flagsInFlight.includes(flagKey(taskId, flag));
