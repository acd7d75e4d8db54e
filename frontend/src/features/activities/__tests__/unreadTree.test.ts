import { describe, expect, it } from 'vitest';
import type { Activity, UnreadProject } from '../../../api/types';
import { rootReducer, type RootState } from '../../../app/store';
import { applyReadAnimated, REMOVE_STEP_MS } from '../workers';
import { activitiesActions, activitiesReducer } from '../slice';
import { allOfProject, applyRead, dayLabel, emptiedNodes, filterTree, NO_FILTER, pruneTree, treeCount } from '../tree';
import { dispatchedBy } from '../../../test/sagas';

// Two projects: Apollo (list 10: section 100 with tasks 1 (2 unread) and 2 (1 unread); section 101 with task 3 (1))
// and Zeus (list 20: section 200 with task 4 (3 unread)).
const TREE: UnreadProject[] = [
  {
    id: 1,
    project_name: 'Apollo',
    lists: [
      {
        id: 10,
        list_name: 'Backlog',
        sections: [
          { id: 100, section_name: 'Doing', tasks: [{ id: 1, task_name: 'Spec', activity_count: 2 }, { id: 2, task_name: 'Tests', activity_count: 1 }] },
          { id: 101, section_name: 'Later', tasks: [{ id: 3, task_name: 'Docs', activity_count: 1 }] },
        ],
      },
    ],
  },
  {
    id: 2,
    project_name: 'Zeus',
    lists: [{ id: 20, list_name: 'Ops', sections: [{ id: 200, section_name: 'Now', tasks: [{ id: 4, task_name: 'Deploy', activity_count: 3 }] }] }],
  },
];

const activity = (id: number, task: number): Activity =>
  ({ id, task, unread: true, created_datetime: `2026-11-24T0${id}:00:00Z`, state: 'submitted' }) as Activity;

describe('unread tree pruning after mark read (spec 02 §4)', () => {
  it('lowers a task count and keeps the task while some are unread', () => {
    const tree = pruneTree(TREE, { 1: 1 });
    expect(tree[0].lists[0].sections[0].tasks[0].activity_count).toBe(1);
    expect(treeCount(tree)).toBe(treeCount(TREE) - 1);
  });

  it('drops an emptied task, then its emptied section, list and project', () => {
    expect(pruneTree(TREE, { 3: 1 })[0].lists[0].sections.map((s) => s.id)).toEqual([100]);
    const zeusGone = pruneTree(TREE, { 4: 3 });
    expect(zeusGone.map((p) => p.id)).toEqual([1]);
    expect(pruneTree(zeusGone, allOfProject(zeusGone, 1))).toEqual([]);
  });

  it('names the emptied nodes in the order they are animated: tasks, sections, lists, projects', () => {
    expect(emptiedNodes(TREE, { 1: 1 })).toEqual([]);
    expect(emptiedNodes(TREE, { 3: 1 })).toEqual(['t:3', 's:101']);
    expect(emptiedNodes(TREE, { 4: 3 })).toEqual(['t:4', 's:200', 'l:20', 'p:2']);
  });

  it('filters by project, then list, section and task', () => {
    expect(filterTree(TREE, { ...NO_FILTER, projectId: 2 }).map((p) => p.id)).toEqual([2]);
    const bySection = filterTree(TREE, { ...NO_FILTER, sectionId: 101 });
    expect(treeCount(bySection)).toBe(1);
    expect(filterTree(TREE, { ...NO_FILTER, taskId: 2 })[0].lists[0].sections[0].tasks.map((t) => t.id)).toEqual([2]);
  });

  it('groups by Today, Yesterday, then weekday names', () => {
    const now = new Date(2026, 10, 24, 12); // a Tuesday
    expect(dayLabel(new Date(2026, 10, 24, 8), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 23, 23), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 9), now)).toBe('Friday');
    expect(dayLabel(new Date(2026, 10, 10, 9), now)).toBe('Tuesday, Nov 10');
  });
});

describe('a read applied to the unread state', () => {
  const loaded = () => {
    let state = activitiesReducer(undefined, activitiesActions.unreadTreeLoaded({ projects: TREE, unread_count: 7 }));
    state = activitiesReducer(state, activitiesActions.taskUnreadLoaded({ taskId: 1, activities: [activity(1, 1), activity(2, 1)] }));
    return state;
  };
  const apply = (state: ReturnType<typeof loaded>, read: Parameters<typeof applyRead>[1]) =>
    activitiesReducer(state, activitiesActions.readApplied(applyRead(state.unread, read)));

  it('counts once, even when the live event repeats our own read', () => {
    const read = { items: [{ activity: 1, task: 1 }] };
    let state = apply(loaded(), read);
    expect(state.unread.tree[0].lists[0].sections[0].tasks[0].activity_count).toBe(1);
    expect(state.unread.count).toBe(6);
    expect(state.activities.entities[1]?.unread).toBe(false);
    state = apply(state, read); // the echo from the socket
    expect(state.unread.tree[0].lists[0].sections[0].tasks[0].activity_count).toBe(1);
    expect(state.unread.count).toBe(6);
  });

  it('removes a whole project and takes the server count when given', () => {
    const state = apply(loaded(), { items: [], wholeProject: 1, unreadCount: 3 });
    expect(state.unread.tree.map((p) => p.id)).toEqual([2]);
    expect(state.unread.count).toBe(3);
  });
});

describe('the animated removal', () => {
  it('fades the activity, then each emptied node, 150 ms per step, then prunes', async () => {
    let state: RootState = rootReducer(undefined, { type: '@@init' });
    state = rootReducer(state, activitiesActions.unreadTreeLoaded({ projects: TREE, unread_count: 7 }));
    state = rootReducer(state, activitiesActions.taskUnreadLoaded({ taskId: 3, activities: [activity(5, 3)] }));
    const started = Date.now();
    const dispatched = await dispatchedBy(applyReadAnimated, { items: [{ activity: 5, task: 3 }] }, state);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * REMOVE_STEP_MS - 20);
    expect(dispatched).toEqual([
      activitiesActions.removingStarted(['a:5']),
      activitiesActions.removingStarted(['t:3']),
      activitiesActions.removingStarted(['s:101']),
      activitiesActions.readApplied(applyRead(state.activities.unread, { items: [{ activity: 5, task: 3 }] })),
    ]);
  });
});
