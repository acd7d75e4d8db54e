import { api } from './client';
import type { WriteRequest } from './outbox';
import type {
  AllocatedTime,
  TaskTime,
  TaskTimeChangeRequest,
  TrackerStartRequest,
  WeekGrid,
  TrackerState,
  WorkDayTaskRequest,
  WorkDayTaskTime,
} from './types';

/** The caller's task time rows, optionally of one work day or project. */
export async function fetchTaskTimes(params: { work_day?: number; project?: number } = {}): Promise<TaskTime[]> {
  return (await api.get<TaskTime[]>('/api/work/task_time/', { params })).data;
}

/** +10m / +1h / -10m / -1h (signed seconds) or all unallocated time on a task. */
export async function changeTaskTime(body: TaskTimeChangeRequest): Promise<TaskTime> {
  return (await api.post<TaskTime>('/api/work/task_time/', body)).data;
}

/** A time change as the outbox sends it (docs/offline.md). */
export function taskTimeChangeWrite(body: TaskTimeChangeRequest): WriteRequest {
  return { method: 'post', url: '/api/work/task_time/', body };
}

/** A tracker command as the outbox sends it; the answer is the tracker's new state. */
export function trackerWrite(command: 'start' | 'pause' | 'stop', body: TrackerStartRequest | null = null): WriteRequest {
  return { method: 'post', url: `/api/work/task_tracker/${command}/`, body };
}

/** History's week grid (issue 31): the caller's time on tasks per day of the range. */
export async function fetchWeekGrid(params: { from_date: string; to_date: string }): Promise<WeekGrid> {
  return (await api.get<WeekGrid>('/api/work/week_grid/', { params })).data;
}

export async function fetchAllocatedTime(params: { user_id?: number; from_date?: string; to_date?: string } = {}): Promise<AllocatedTime> {
  return (await api.get<AllocatedTime>('/api/work/allocated_time/', { params })).data;
}

export async function fetchWorkDayTasks(workDayId: number): Promise<WorkDayTaskTime[]> {
  return (await api.get<WorkDayTaskTime[]>(`/api/work/work_day/${workDayId}/tasks/`)).data;
}

export async function addWorkDayTask(body: WorkDayTaskRequest): Promise<void> {
  await api.post('/api/work/workday_task/', body);
}

/** The task leaves the work day; its hours go to unallocated. */
export async function removeWorkDayTask(body: WorkDayTaskRequest): Promise<void> {
  await api.delete('/api/work/workday_task/', { data: body });
}

/** Every task of the project leaves the work day; their hours go to unallocated. */
export async function removeWorkDayProject(body: { project: number; work_day?: number }): Promise<void> {
  await api.delete('/api/work/workday_project/', { data: body });
}

export async function fetchTrackerState(): Promise<TrackerState> {
  return (await api.get<TrackerState>('/api/work/task_tracker/')).data;
}

