import { describe, expect, it, vi } from 'vitest';
import { listsActions } from '../../features/lists/slice';
import { trackerActions } from '../../features/tracker/slice';
import { factsOf, runShortcut } from '../palette/commands';
import type { RootState } from '../store';

// The shortcuts of what is on screen (issue 31, docs/keyboard.md "Shortcuts"): T on the open task,
// N in the open list, J / K between its tasks.

type Timer = { status: 'tracking' | 'paused' | 'stopped'; task: number | null };

function stateWith({ timer = { status: 'stopped', task: null } as Timer, archiveView = false } = {}): RootState {
  const task = (id: number, title: string) => ({ id, title });
  return {
    auth: { user: { id: 1, workspace_role: 'MEMBER', keyboard_shortcuts_yn: true } },
    status: { current: 'working' },
    tracker: { state: { ...timer, last_task: null, started_at: null, work_day: null, seconds_worked: 0 } },
    lists: {
      listId: 9,
      archiveView,
      list: { id: 9, title: 'Sprint 12' },
      sections: {
        ids: [2, 1, 3],
        entities: {
          1: { id: 1, index: 0, removed_yn: false },
          2: { id: 2, index: 1, removed_yn: false },
          3: { id: 3, index: 2, removed_yn: true },
        },
      },
      sectionTasks: { 1: { ids: [7, 8] }, 2: { ids: [9] }, 3: { ids: [10] } },
    },
    tasks: { ids: [7, 8, 9, 10], entities: { 7: task(7, 'Draw'), 8: task(8, 'Build'), 9: task(9, 'Ship it'), 10: task(10, 'Old') } },
  } as unknown as RootState;
}

const OPEN_BUILD = '/l/9/sprint-12/8/build/details';

function press(key: string, state: RootState, pathname: string) {
  const dispatch = vi.fn();
  const navigate = vi.fn();
  const result = runShortcut([key], state, pathname, dispatch, navigate);
  return { result, dispatch, navigate };
}

describe('the shortcuts of what is on screen', () => {
  it('knows the open task and its neighbours in the order of the sections (removed ones left out)', () => {
    expect(factsOf(stateWith(), OPEN_BUILD)).toMatchObject({
      openTask: 8,
      openTaskTitle: 'Build',
      onList: true,
      nextTaskPath: '/l/9/sprint-12/9/ship-it/details',
      previousTaskPath: '/l/9/sprint-12/7/draw/details',
    });
    // No task open: J goes to the first, K to the last; the last has no next.
    expect(factsOf(stateWith(), '/l/9/sprint-12')).toMatchObject({ openTask: null, nextTaskPath: '/l/9/sprint-12/7/draw/details', previousTaskPath: '/l/9/sprint-12/9/ship-it/details' });
    expect(factsOf(stateWith(), '/l/9/sprint-12/9/ship-it/activity')).toMatchObject({ nextTaskPath: null, previousTaskPath: '/l/9/sprint-12/8/build/activity' });
    // Another list's page (not loaded yet) and other pages offer none of it.
    expect(factsOf(stateWith(), '/l/5/other')).toMatchObject({ onList: false, nextTaskPath: null, previousTaskPath: null });
    expect(factsOf(stateWith(), '/office')).toMatchObject({ openTask: null, onList: false, nextTaskPath: null });
  });

  it('J and K move between the tasks', () => {
    expect(press('j', stateWith(), OPEN_BUILD).navigate).toHaveBeenCalledWith('/l/9/sprint-12/9/ship-it/details');
    expect(press('k', stateWith(), OPEN_BUILD).navigate).toHaveBeenCalledWith('/l/9/sprint-12/7/draw/details');
    expect(press('j', stateWith(), '/today').result).toBe('none');
  });

  it('T starts the timer on the open task, or moves it there; on that task it pauses and resumes', () => {
    expect(press('t', stateWith(), OPEN_BUILD).dispatch).toHaveBeenCalledWith(trackerActions.startRequested({ task: 8 }));
    expect(press('t', stateWith({ timer: { status: 'tracking', task: 7 } }), OPEN_BUILD).dispatch).toHaveBeenCalledWith(trackerActions.startRequested({ task: 8 }));
    expect(press('t', stateWith({ timer: { status: 'tracking', task: 8 } }), OPEN_BUILD).dispatch).toHaveBeenCalledWith(trackerActions.pauseRequested());
    expect(press('t', stateWith({ timer: { status: 'paused', task: 8 } }), OPEN_BUILD).dispatch).toHaveBeenCalledWith(trackerActions.resumeRequested());
    // A task page works the same way; with no task open, T is the running timer's.
    expect(press('t', stateWith(), '/t/9/ship-it/details').dispatch).toHaveBeenCalledWith(trackerActions.startRequested({ task: 9 }));
    expect(press('t', stateWith({ timer: { status: 'tracking', task: 7 } }), '/office').dispatch).toHaveBeenCalledWith(trackerActions.pauseRequested());
    expect(press('t', stateWith(), '/office').result).toBe('none');
  });

  it('N asks for a new task on the list, not in its archive nor elsewhere', () => {
    expect(press('n', stateWith(), '/l/9/sprint-12').dispatch).toHaveBeenCalledWith(listsActions.newTaskRequested());
    expect(press('n', stateWith({ archiveView: true }), '/l/9/sprint-12/archive').result).toBe('none');
    expect(press('n', stateWith(), '/today').result).toBe('none');
  });
});
