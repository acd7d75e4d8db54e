import { matchPath } from 'react-router-dom';
import { listsActions } from '../../features/lists/slice';
import { matchShortcut, type PaletteCommand } from '../../features/palette/rules';
import { profileActions } from '../../features/profile/slice';
import { statusActions } from '../../features/status/slice';
import { trackerActions } from '../../features/tracker/slice';
import { build, paths, type TaskTab } from '../../shared/routes';
import type { AppDispatch, RootState } from '../store';

/** What the commands depend on, read from the store and the page's path when they are built
 * (plain values: the palette rebuilds its commands only when one of them changes). */
export interface CommandFacts {
  status: RootState['status']['current'];
  tracker: 'tracking' | 'paused' | 'stopped' | null;
  /** The task the timer is on (tracking or paused). */
  trackerTask: number | null;
  invisibleAllowed: boolean;
  invisibleOn: boolean;
  teamPage: boolean;
  admin: boolean;
  /** The task open on the page (a list's task pane or a task page), and its title. */
  openTask: number | null;
  openTaskTitle: string;
  /** On a list's page (not its archive): new tasks go in its first section. */
  onList: boolean;
  /** The list's next and previous task from the open one (the first and last when none is open). */
  nextTaskPath: string | null;
  previousTaskPath: string | null;
}

/** The loaded tasks of the list on screen, in the order of its sections and cards. */
function listOrder(state: RootState): number[] {
  const lists = state.lists;
  if (!lists) return [];
  const sections = Object.values(lists.sections.entities)
    .filter((section) => section && !section.removed_yn)
    .sort((a, b) => a.index - b.index);
  return sections.flatMap((section) => lists.sectionTasks[section.id]?.ids ?? []);
}

function neighbours(state: RootState, listId: number, taskId: number | null, tab: TaskTab) {
  const list = state.lists?.list;
  const order = listOrder(state);
  if (!list || list.id !== listId || order.length === 0) return { nextTaskPath: null, previousTaskPath: null };
  const at = taskId === null ? -1 : order.indexOf(taskId);
  const pathOf = (index: number) => {
    const task = state.tasks.entities[order[index]];
    return task ? build.listTask(list.id, list.title, task.id, task.title, tab) : null;
  };
  return {
    nextTaskPath: at + 1 < order.length ? pathOf(at + 1) : null,
    previousTaskPath: at === -1 ? pathOf(order.length - 1) : at > 0 ? pathOf(at - 1) : null,
  };
}

export function factsOf(state: RootState, pathname = ''): CommandFacts {
  const user = state.auth.user;
  const listTask = matchPath(paths.listTask, pathname);
  const list = listTask ?? matchPath(paths.list, pathname);
  const taskPage = matchPath(paths.task, pathname);
  const openTask = Number(listTask?.params.taskId ?? taskPage?.params.taskId) || null;
  const tab: TaskTab = (listTask ?? taskPage)?.params.tab === 'activity' ? 'activity' : 'details';
  const listId = Number(list?.params.listId) || null;
  return {
    status: state.status.current,
    tracker: state.tracker?.state?.status ?? null,
    trackerTask: state.tracker?.state?.task ?? null,
    invisibleAllowed: Boolean(user?.allow_invisible_mode),
    invisibleOn: Boolean(user?.invisible_mode_yn),
    teamPage: Boolean(user?.team_page_access_granted_yn),
    admin: user?.workspace_role === 'ADMIN',
    openTask,
    openTaskTitle: (openTask !== null && state.tasks.entities[openTask]?.title) || '',
    onList: listId !== null && state.lists?.listId === listId && !state.lists.archiveView,
    ...(listId !== null ? neighbours(state, listId, openTask, tab) : { nextTaskPath: null, previousTaskPath: null }),
  };
}

/**
 * The palette's and the shortcuts' one list of commands (issue 31, docs/keyboard.md): each says what
 * it does now (Take a break, or Back to work), and only what can be done now is offered.
 */
export function buildCommands(facts: CommandFacts, dispatch: AppDispatch, navigate: (to: string) => void): PaletteCommand[] {
  const inOffice = facts.status === 'working' || facts.status === 'taking_break';
  const commands: PaletteCommand[] = [];
  if (!inOffice) commands.push({ id: 'enter', label: 'Enter the office', group: 'Actions', keywords: 'start work', run: () => dispatch(statusActions.enterOfficeRequested()) });
  if (facts.status === 'working')
    commands.push({ id: 'break', label: 'Take a break', group: 'Actions', keywords: 'on a break pause', keys: ['b'], run: () => dispatch(statusActions.toggleRequested('taking_break')) });
  if (facts.status === 'taking_break')
    commands.push({ id: 'break', label: 'Back to work', group: 'Actions', keywords: 'working resume', keys: ['b'], run: () => dispatch(statusActions.toggleRequested('working')) });
  // T is the timer of what is on screen: an open task the timer is not on starts it there (moving it
  // from another task); otherwise T pauses or resumes the timer where it is.
  const openTask = facts.openTask;
  const timerElsewhere = openTask !== null && !(facts.trackerTask === openTask && facts.tracker !== 'stopped');
  if (inOffice && openTask !== null && timerElsewhere) {
    const title = facts.openTaskTitle ? `“${facts.openTaskTitle}”` : 'this task';
    commands.push({ id: 'tracker-pause', label: `Start the task timer on ${title}`, group: 'Actions', keywords: 'tracker track open task', keys: ['t'], run: () => dispatch(trackerActions.startRequested({ task: openTask })) });
  } else if (facts.tracker === 'tracking') {
    commands.push({ id: 'tracker-pause', label: 'Pause the task timer', group: 'Actions', keywords: 'tracker', keys: ['t'], run: () => dispatch(trackerActions.pauseRequested()) });
  } else if (facts.tracker === 'paused') {
    commands.push({ id: 'tracker-pause', label: 'Resume the task timer', group: 'Actions', keywords: 'tracker start', keys: ['t'], run: () => dispatch(trackerActions.resumeRequested()) });
  }
  if (facts.tracker === 'tracking' || facts.tracker === 'paused')
    commands.push({ id: 'tracker-stop', label: 'Stop the task timer', group: 'Actions', keywords: 'tracker', keys: ['x'], run: () => dispatch(trackerActions.stopRequested()) });
  if (facts.onList) commands.push({ id: 'new-task', label: 'New task in this list', group: 'Actions', keywords: 'add create task', keys: ['n'], run: () => dispatch(listsActions.newTaskRequested()) });
  const { nextTaskPath, previousTaskPath } = facts;
  if (nextTaskPath) commands.push({ id: 'task-next', label: 'Next task', group: 'Go to', keywords: 'down following', keys: ['j'], run: () => navigate(nextTaskPath) });
  if (previousTaskPath) commands.push({ id: 'task-previous', label: 'Previous task', group: 'Go to', keywords: 'up', keys: ['k'], run: () => navigate(previousTaskPath) });
  if (inOffice) commands.push({ id: 'leave', label: 'Leave the office (checkout)', group: 'Actions', keywords: 'check out end day', run: () => navigate(paths.checkout) });
  if (facts.invisibleAllowed)
    commands.push({
      id: 'invisible',
      label: facts.invisibleOn ? 'Turn invisible mode off' : 'Turn invisible mode on',
      group: 'Actions',
      keywords: 'hide presence',
      run: () => dispatch(profileActions.invisibleModeToggled(!facts.invisibleOn)),
    });
  commands.push({ id: 'profile', label: 'Edit profile', group: 'Actions', keywords: 'preferences account settings shortcuts', keys: ['g', 'p'], run: () => dispatch(profileActions.editorOpened()) });

  const go = (id: string, label: string, path: string, key: string, keywords?: string): PaletteCommand => ({ id, label, group: 'Go to', keywords, keys: ['g', key], run: () => navigate(path) });
  commands.push(go('go-office', 'Office', paths.office, 'o', 'home teammates'));
  commands.push(go('go-checkout', 'Checkout', paths.checkout, 'c', 'checks notes'));
  commands.push(go('go-today', 'Today', paths.today, 't', 'tasks'));
  commands.push(go('go-next', 'Next Workday', paths.nextShift, 'n', 'tomorrow plan'));
  commands.push(go('go-starred', 'Starred', paths.starred, 's', 'favourites'));
  commands.push(go('go-unread', 'Unread', paths.unread, 'u', 'activities news'));
  commands.push(go('go-calendar', 'Calendar', paths.calendar, 'a', 'week month'));
  commands.push(go('go-history', 'History', paths.history, 'h', 'shifts past days'));
  if (facts.teamPage) commands.push(go('go-team', 'Team', paths.team, 'm', 'team page members'));
  if (facts.admin) commands.push(go('go-workspace', 'Workspace', paths.workspace, 'w', 'admin members settings'));
  return commands;
}

/** Runs the command whose shortcut `pressed` is; 'prefix' when it starts one (wait for the next key). */
export function runShortcut(pressed: readonly string[], state: RootState, pathname: string, dispatch: AppDispatch, navigate: (to: string) => void): 'ran' | 'prefix' | 'none' {
  const match = matchShortcut(buildCommands(factsOf(state, pathname), dispatch, navigate), pressed);
  if (match.kind === 'ran') match.command.run();
  return match.kind;
}
