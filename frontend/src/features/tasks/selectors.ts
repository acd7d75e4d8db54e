import type { RootState } from '../../app/store';
import { tasksAdapter } from './slice';

const adapterSelectors = tasksAdapter.getSelectors((state: RootState) => state.tasks);

export const selectTaskById = (state: RootState, taskId: number | null) =>
  taskId === null ? undefined : adapterSelectors.selectById(state, taskId);
export const selectTaskEntities = adapterSelectors.selectEntities;
