import { matchShortcut, type PaletteCommand } from '../../features/palette/rules';
import { profileActions } from '../../features/profile/slice';
import { statusActions } from '../../features/status/slice';
import { trackerActions } from '../../features/tracker/slice';
import { paths } from '../../shared/routes';
import type { AppDispatch, RootState } from '../store';

/** What the commands depend on, read from the store when they are built. */
export interface CommandFacts {
  status: RootState['status']['current'];
  tracker: 'tracking' | 'paused' | 'stopped' | null;
  invisibleAllowed: boolean;
  invisibleOn: boolean;
  teamPage: boolean;
  admin: boolean;
}

export function factsOf(state: RootState): CommandFacts {
  const user = state.auth.user;
  return {
    status: state.status.current,
    tracker: state.tracker?.state?.status ?? null,
    invisibleAllowed: Boolean(user?.allow_invisible_mode),
    invisibleOn: Boolean(user?.invisible_mode_yn),
    teamPage: Boolean(user?.team_page_access_granted_yn),
    admin: user?.workspace_role === 'ADMIN',
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
  if (facts.tracker === 'tracking') {
    commands.push({ id: 'tracker-pause', label: 'Pause the task timer', group: 'Actions', keywords: 'tracker', keys: ['t'], run: () => dispatch(trackerActions.pauseRequested()) });
    commands.push({ id: 'tracker-stop', label: 'Stop the task timer', group: 'Actions', keywords: 'tracker', keys: ['x'], run: () => dispatch(trackerActions.stopRequested()) });
  }
  if (facts.tracker === 'paused') {
    commands.push({ id: 'tracker-pause', label: 'Resume the task timer', group: 'Actions', keywords: 'tracker start', keys: ['t'], run: () => dispatch(trackerActions.resumeRequested()) });
    commands.push({ id: 'tracker-stop', label: 'Stop the task timer', group: 'Actions', keywords: 'tracker', keys: ['x'], run: () => dispatch(trackerActions.stopRequested()) });
  }
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
export function runShortcut(pressed: readonly string[], state: RootState, dispatch: AppDispatch, navigate: (to: string) => void): 'ran' | 'prefix' | 'none' {
  const match = matchShortcut(buildCommands(factsOf(state), dispatch, navigate), pressed);
  if (match.kind === 'ran') match.command.run();
  return match.kind;
}
