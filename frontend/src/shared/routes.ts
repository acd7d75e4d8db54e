import { slugify } from './slug';

export { slugify };

// All route paths of the SPA (spec 01 §2, 02 §2), with builders for the parameterised ones.
export const paths = {
  home: '/',
  unauthorized: '/unauthorized',
  forgotPassword: '/forgot-password',
  ssoCallback: '/sso/callback',
  resetPassword: '/reset-password/:uid/:token',
  startWork: '/start-work',
  office: '/office',
  team: '/team',
  unread: '/unread',
  checkout: '/checkout',
  today: '/today',
  nextShift: '/nextShift',
  starred: '/starred',
  calendar: '/calendar',
  history: '/history',
  approvals: '/approvals',
  digest: '/digest',
  reminderOff: '/reminders/off/:token',
  projects: '/projects',
  members: '/members',
  teamPage: '/team-page',
  workspace: '/workspace',
  project: '/p/:projectId/:slug',
  list: '/l/:listId/:slug',
  listSubPage: '/l/:listId/:slug/:listSubPage',
  listTask: '/l/:listId/:slug/:taskId/:taskSlug/:tab',
  section: '/s/:sectionId/:slug',
  task: '/t/:taskId/:slug/:tab',
} as const;

export type TaskTab = 'activity' | 'details';
export type TaskPageOrigin = 'today' | 'next_shift' | 'starred';


export const build = {
  project: (projectId: number, title: string) => `/p/${projectId}/${slugify(title)}`,
  list: (listId: number, title: string) => `/l/${listId}/${slugify(title)}`,
  listSubPage: (listId: number, title: string, subPage: string) => `/l/${listId}/${slugify(title)}/${subPage}`,
  listTask: (listId: number, listTitle: string, taskId: number, taskTitle: string, tab: TaskTab) =>
    `/l/${listId}/${slugify(listTitle)}/${taskId}/${slugify(taskTitle)}/${tab}`,
  section: (sectionId: number, title: string) => `/s/${sectionId}/${slugify(title)}`,
  task: (taskId: number, title: string, tab: TaskTab, origin?: TaskPageOrigin) =>
    `/t/${taskId}/${slugify(title)}/${tab}${origin ? `?p=${origin}` : ''}`,
};

export const BETA_PARAM = 'beta';
export const BETA_ON = 'on';

export function hasBetaParam(search: string): boolean {
  return new URLSearchParams(search).get(BETA_PARAM) === BETA_ON;
}

/** Keeps `beta=on` on a target path while the flag is on (spec 01 §2). */
export function withBeta(to: string, betaOn: boolean): string {
  if (!betaOn) return to;
  const [path, query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.set(BETA_PARAM, BETA_ON);
  return `${path}?${params.toString()}`;
}

/** The same location without the beta flag: the way back to the stable version. */
export function withoutBeta(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(BETA_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
