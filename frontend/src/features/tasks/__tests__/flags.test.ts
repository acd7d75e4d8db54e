import { describe, expect, it } from 'vitest';
import { call, put } from 'redux-saga/effects';
import { setTaskFlag } from '../../../api/projects';
import type { Task } from '../../../api/types';
import { handleApiError } from '../../../shared/errors/handleApiError';
import { FLAG_ERROR_TITLE, saveTaskFlag } from '../workers';
import { tasksActions, tasksReducer } from '../slice';

const task = { id: 7, title: 'Draw', starred_yn: false, today_yn: true, next_shift_yn: false, join_task_to_user_id: null } as unknown as Task;
const withTask = () => tasksReducer(undefined, tasksActions.tasksReceived([task]));

describe('tasks slice: personal flags', () => {
  it('applies a toggle at once and marks it in flight', () => {
    const state = tasksReducer(withTask(), tasksActions.taskFlagToggled({ taskId: 7, flag: 'starred_yn', value: true }));
    expect(state.entities[7]!.starred_yn).toBe(true);
    expect(state.flagsInFlight).toEqual(['7:starred_yn']);
  });
  it('keeps the value and the join id when saved', () => {
    let state = tasksReducer(withTask(), tasksActions.taskFlagToggled({ taskId: 7, flag: 'starred_yn', value: true }));
    state = tasksReducer(state, tasksActions.taskFlagSaved({ taskId: 7, flag: 'starred_yn', value: true, joinId: 3 }));
    expect(state.entities[7]!.starred_yn).toBe(true);
    expect(state.entities[7]!.join_task_to_user_id).toBe(3);
    expect(state.flagsInFlight).toEqual([]);
  });
  it('rolls back to the previous value on failure', () => {
    let state = tasksReducer(withTask(), tasksActions.taskFlagToggled({ taskId: 7, flag: 'today_yn', value: false }));
    expect(state.entities[7]!.today_yn).toBe(false);
    state = tasksReducer(state, tasksActions.taskFlagRolledBack({ taskId: 7, flag: 'today_yn', value: false }));
    expect(state.entities[7]!.today_yn).toBe(true);
    expect(state.flagsInFlight).toEqual([]);
  });
  it('a live event does not overwrite a flag still in flight', () => {
    let state = tasksReducer(withTask(), tasksActions.taskFlagToggled({ taskId: 7, flag: 'starred_yn', value: true }));
    state = tasksReducer(state, tasksActions.taskFlagsChangedElsewhere({ taskId: 7, flags: { starred_yn: false, next_shift_yn: true } }));
    expect(state.entities[7]!.starred_yn).toBe(true);
    expect(state.entities[7]!.next_shift_yn).toBe(true);
  });
});

describe('saveTaskFlag saga', () => {
  const action = tasksActions.taskFlagToggled({ taskId: 7, flag: 'starred_yn', value: true });

  it('saves the flag and reports the server value', () => {
    const saga = saveTaskFlag(action);
    expect(saga.next().value).toEqual(call(setTaskFlag, 7, 'starred_yn', true));
    const join = { id: 3, task: 7, starred_yn: true };
    expect(saga.next(join).value).toEqual(put(tasksActions.taskFlagSaved({ taskId: 7, flag: 'starred_yn', value: true, joinId: 3 })));
    expect(saga.next().done).toBe(true);
  });

  it('rolls back and reports the error when the call fails', () => {
    const saga = saveTaskFlag(action);
    saga.next();
    const error = new Error('offline');
    expect(saga.throw(error).value).toEqual(put(tasksActions.taskFlagRolledBack({ taskId: 7, flag: 'starred_yn', value: true })));
    expect(saga.next().value).toEqual(call(handleApiError, error, FLAG_ERROR_TITLE));
    expect(saga.next().done).toBe(true);
  });
});
