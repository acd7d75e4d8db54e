import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  GuardianPolicy,
  InvitationInfo,
  Member,
  MemberCreated,
  MemberCreateRequest,
  MemberDetail,
  MemberUpdateRequest,
  Project,
  TeamPageEntry,
  TeamPageRow,
  SsoSettings,
  SsoSettingsRequest,
  Teammate,
  WeekStart,
} from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';
import { workspaceLiveActions } from './actions';

export type MemberFilter = 'Active' | 'Inactive';

/** A panel's query: a view filter, a search as the server gets it (trimmed, undefined when empty), a page. */
export interface PanelQuery<Filter extends string> {
  filter: Filter;
  search: string | undefined;
  page: number;
}

/** The key a loaded page of rows carries: which query it answers. */
export const panelKey = <Filter extends string>(query: PanelQuery<Filter>) => `${query.filter}|${query.search ?? ''}|${query.page}`;

export type MembersQuery = PanelQuery<MemberFilter>;
export const membersKey = panelKey<MemberFilter>;

export type ProjectFilter = 'Active' | 'Archived';

export type ProjectsQuery = PanelQuery<ProjectFilter>;
export const projectsKey = panelKey<ProjectFilter>;

/** A page of a panel's rows, with the query it answers (`key`). */
export interface PanelRows<Row> {
  key: string | null;
  rows: Row[];
  count: number;
  emptyPage: boolean;
  /** Why the page of `key` could not be read (a refusal's words, or that it failed), kept on the panel. */
  problem: string | null;
}

/** A page as the server answered it. */
export type LoadedRows<Row> = Omit<PanelRows<Row>, 'problem' | 'key'> & { key: string };

/** The Workspace view's figures. */
export interface WorkspaceCounts {
  active: number;
  inactive: number;
  projects: number;
  archived: number;
}

/** The invitation link's page (public): the link's check, then the password. */
export interface InvitationState {
  token: string | null;
  info: InvitationInfo | null;
  /** Why the link does not work (the server's words), shown instead of the form. */
  linkProblem: string | null;
  /** Why the password was refused, shown under the form. */
  problem: string | null;
  saving: boolean;
  done: boolean;
}

/** The team page (spec 02 §6): the observed members' rows, patched by live events. */
export interface TeamPageState {
  rows: TeamPageRow[] | null;
  /** Why the page could not be read (a refusal's words, or that it failed), kept on the page. */
  problem: string | null;
  /** The page is on screen: live events and the resync rule reach it. */
  shown: boolean;
}

/** The Members panel's data (spec 02 §2): the page of rows, everyone active, the member being edited. */
/** The workspace's single sign-on settings (docs/security.md "Single sign-on"). */
export interface SsoState {
  settings: SsoSettings | null;
  failed: boolean;
  saving: boolean;
  /** The server's field messages of the last save. */
  errors: Record<string, string[]>;
  test: { running: boolean; ok: boolean | null; message: string | null };
}

/** The shift guardian's workspace settings (docs/guardian.md), minutes each. */
export interface GuardianSettings {
  policy: GuardianPolicy;
  overrunMinutes: number;
  quietMinutes: number;
  answerMinutes: number;
}

export interface WorkspaceState {
  members: PanelRows<Member>;
  /** Bumped after every write that changes the rows: the panel asks for its page again. */
  version: number;
  /** Everyone active, for the team page choices of the wizard and the account panel. */
  people: Member[];
  /** The member whose account panel is open (null while it loads). */
  account: { id: number | null; member: MemberDetail | null; failed: boolean };
  /** The set-password link of a member added without an invitation (shown once). */
  link: MemberCreated | null;
  /** The workspace's first day of the week is being saved (the Workspace panel's select). */
  settingsSaving: boolean;
  /** 'Require two-factor sign-in' (docs/security.md): null until the settings are read. */
  requireTwoFactor: boolean | null;
  /** The member whose two-factor sign-in is being reset. */
  twoFactorResetting: number | null;
  /** Minutes without activity before teammates see a member idle (docs/presence.md); null: not read. */
  idleMinutes: number | null;
  /** The shift guardian's settings (docs/guardian.md); null: not read. */
  guardian: GuardianSettings | null;
  /** False until everyone active was loaded once (the Team Page view's skeleton). */
  peopleReady: boolean;
  /** Why everyone active could not be read, kept on the Team Page view. */
  peopleProblem: string | null;
  /** The member whose observed members are being saved (Team Page view). */
  teamPageSaving: number | null;
  /** The Projects panel's page of rows, and its version (bumped by every write). */
  projects: PanelRows<Project>;
  projectsVersion: number;
  counts: WorkspaceCounts | null;
  /** Why the Workspace view's figures could not be read, kept in their place. */
  countsProblem: string | null;
  teamPage: TeamPageState;
  invitation: InvitationState;
  sso: SsoState;
}

const initialState: WorkspaceState = {
  members: { key: null, rows: [], count: 0, emptyPage: false, problem: null },
  version: 0,
  people: [],
  account: { id: null, member: null, failed: false },
  link: null,
  settingsSaving: false,
  requireTwoFactor: null,
  twoFactorResetting: null,
  idleMinutes: null,
  guardian: null,
  peopleReady: false,
  peopleProblem: null,
  teamPageSaving: null,
  projects: { key: null, rows: [], count: 0, emptyPage: false, problem: null },
  projectsVersion: 0,
  counts: null,
  countsProblem: null,
  teamPage: { rows: null, problem: null, shown: false },
  invitation: { token: null, info: null, linkProblem: null, problem: null, saving: false, done: false },
  sso: { settings: null, failed: false, saving: false, errors: {}, test: { running: false, ok: null, message: null } },
};

/** A project archived, unarchived or deleted from the Projects panel (a form request, useRequest). */
export interface ProjectWrite {
  requestId: string;
  project: Project;
}

/** A teammate's strip row from a live event (app/realtime: new_status, user_left_office, teammate_updated). */
export interface TeammateNews {
  userId: number;
  teammate: Teammate | null;
  /** A presence change (status, times and checkout move with it) or a profile change. */
  presence: boolean;
}

const TEAM_PAGE_STATUS: Record<string, TeamPageRow['status']> = {
  working: 'working',
  taking_break: 'taking_break',
  out_of_office: 'out_of_office',
};

export interface AccountSave {
  requestId: string;
  id: number;
  body: MemberUpdateRequest;
  /** The team page's observed members when they changed (a second call), else null. */
  teamPages: number[] | null;
  /** What the success toast names. */
  name: string;
}

const workspaceSlice = createSlice({
  name: 'workspace',
  initialState,
  reducers: {
    membersRequested(_state, _action: PayloadAction<MembersQuery>) {},
    membersLoaded(state, action: PayloadAction<LoadedRows<Member>>) {
      state.members = { ...action.payload, problem: null };
    },
    /** The page could not be loaded: it stops loading, keeps the rows it had and says why. */
    membersFailed(state, action: PayloadAction<{ key: string; problem: string }>) {
      state.members.key = action.payload.key;
      state.members.problem = action.payload.problem;
    },
    peopleRequested() {},
    peopleLoaded(state, action: PayloadAction<Member[]>) {
      state.people = action.payload;
      state.peopleReady = true;
      state.peopleProblem = null;
    },
    /** Everyone active could not be read: no choices, and why. */
    peopleFailed(state, action: PayloadAction<string>) {
      state.people = [];
      state.peopleReady = true;
      state.peopleProblem = action.payload;
    },
    teamPageSaveRequested(state, action: PayloadAction<{ member: Member; ids: number[] }>) {
      state.teamPageSaving = action.payload.member.id;
    },
    teamPageSaved(state, action: PayloadAction<{ id: number; entries: TeamPageEntry[] }>) {
      state.teamPageSaving = null;
      const row = state.people.find((member) => member.id === action.payload.id);
      if (row) row.team_pages = action.payload.entries;
    },
    teamPageSaveFailed(state) {
      state.teamPageSaving = null;
    },
    accountOpened(state, action: PayloadAction<number>) {
      state.account = { id: action.payload, member: null, failed: false };
    },
    accountLoaded(state, action: PayloadAction<MemberDetail>) {
      if (state.account.id === action.payload.id) state.account.member = action.payload;
    },
    accountFailed(state, action: PayloadAction<number>) {
      if (state.account.id === action.payload) state.account.failed = true;
    },
    accountClosed(state) {
      state.account = { id: null, member: null, failed: false };
    },
    accountSaveRequested(_state, _action: PayloadAction<AccountSave>) {},
    memberCreateRequested(_state, _action: PayloadAction<{ requestId: string; body: MemberCreateRequest }>) {},
    memberCreated(state, action: PayloadAction<MemberCreated>) {
      state.link = action.payload.set_password_link ? action.payload : null;
    },
    linkClosed(state) {
      state.link = null;
    },
    inviteRequested(_state, _action: PayloadAction<Member>) {},
    deactivateRequested(_state, _action: PayloadAction<Member>) {},
    reactivateRequested(_state, _action: PayloadAction<Member>) {},
    /** A write changed the rows: the panel reloads its page, the choices reload. */
    membersChanged(state) {
      state.version += 1;
    },
    // --- the Projects panel --------------------------------------------------------------------
    projectsRequested(_state, _action: PayloadAction<ProjectsQuery>) {},
    projectsLoaded(state, action: PayloadAction<LoadedRows<Project>>) {
      state.projects = { ...action.payload, problem: null };
    },
    /** The page could not be loaded: it stops loading, keeps the rows it had and says why. */
    projectsFailed(state, action: PayloadAction<{ key: string; problem: string }>) {
      state.projects.key = action.payload.key;
      state.projects.problem = action.payload.problem;
    },
    /** A project was written (the form, archive, delete): the panel asks for its page again. */
    projectsChanged(state) {
      state.projectsVersion += 1;
    },
    projectArchiveRequested(_state, _action: PayloadAction<ProjectWrite & { archived: boolean }>) {},
    projectDeleteRequested(_state, _action: PayloadAction<ProjectWrite>) {},
    // --- the Workspace view -----------------------------------------------------------------------
    countsRequested() {},
    countsLoaded(state, action: PayloadAction<WorkspaceCounts>) {
      state.counts = action.payload;
      state.countsProblem = null;
    },
    countsFailed(state, action: PayloadAction<string>) {
      state.countsProblem = action.payload;
    },
    // --- the team page ----------------------------------------------------------------------------
    teamPageShown(state) {
      state.teamPage.shown = true;
    },
    teamPageHidden(state) {
      state.teamPage.shown = false;
    },
    teamPageRequested() {},
    teamPageLoaded(state, action: PayloadAction<TeamPageRow[]>) {
      state.teamPage.rows = action.payload;
      state.teamPage.problem = null;
    },
    teamPageFailed(state, action: PayloadAction<string>) {
      state.teamPage.problem = action.payload;
    },
    // --- the invitation link's page -----------------------------------------------------------
    invitationOpened(state, action: PayloadAction<string>) {
      state.invitation = { ...initialState.invitation, token: action.payload };
    },
    invitationChecked(state, action: PayloadAction<InvitationInfo>) {
      state.invitation.info = action.payload;
    },
    invitationLinkFailed(state, action: PayloadAction<string>) {
      state.invitation.linkProblem = action.payload;
      state.invitation.saving = false;
    },
    invitationAcceptRequested(state, _action: PayloadAction<{ token: string; password: string }>) {
      state.invitation.saving = true;
      state.invitation.problem = null;
    },
    invitationAccepted(state) {
      state.invitation.saving = false;
      state.invitation.done = true;
    },
    invitationAcceptFailed(state, action: PayloadAction<string>) {
      state.invitation.saving = false;
      state.invitation.problem = action.payload;
    },
    /** A problem the page found itself (too short, the two differ). */
    invitationProblemShown(state, action: PayloadAction<string | null>) {
      state.invitation.problem = action.payload;
    },
    integrationTestRequested(_state, _action: PayloadAction<{ kind: 'calendar' | 'tracker'; config: Record<string, unknown> }>) {},
    /** The workspace's default first day of the week (docs/calendar.md, "Preferences"). */
    weekStartSaveRequested(state, _action: PayloadAction<WeekStart>) {
      state.settingsSaving = true;
    },
    weekStartSettled(state) {
      state.settingsSaving = false;
    },
    ssoRequested(state) {
      state.sso.failed = false;
    },
    ssoLoaded(state, action: PayloadAction<SsoSettings>) {
      state.sso.settings = action.payload;
      state.sso.saving = false;
      state.sso.errors = {};
    },
    ssoLoadFailed(state) {
      state.sso.failed = true;
    },
    ssoSaveRequested(state, _action: PayloadAction<SsoSettingsRequest>) {
      state.sso.saving = true;
      state.sso.errors = {};
    },
    ssoRemoveRequested(state) {
      state.sso.saving = true;
      state.sso.errors = {};
    },
    ssoSaveFailed(state, action: PayloadAction<Record<string, string[]>>) {
      state.sso.saving = false;
      state.sso.errors = action.payload;
    },
    ssoTestRequested(state, _action: PayloadAction<string>) {
      state.sso.test = { running: true, ok: null, message: null };
    },
    ssoTested(state, action: PayloadAction<{ ok: boolean; message: string }>) {
      state.sso.test = { running: false, ...action.payload };
    },
    settingsRequested() {},
    /** The settings as saved (read, or after a change; null: the change failed). */
    requireTwoFactorSettled(state, action: PayloadAction<boolean | null>) {
      state.settingsSaving = false;
      if (action.payload !== null) state.requireTwoFactor = action.payload;
    },
    requireTwoFactorSaveRequested(state, _action: PayloadAction<boolean>) {
      state.settingsSaving = true;
    },
    twoFactorResetRequested(state, action: PayloadAction<Member>) {
      state.twoFactorResetting = action.payload.id;
    },
    twoFactorResetSettled(state, action: PayloadAction<MemberDetail | null>) {
      state.twoFactorResetting = null;
      if (action.payload && state.account.id === action.payload.id) state.account.member = action.payload;
    },
    /** Real presence's idle time (docs/presence.md): read with the settings, saved by an admin. */
    idleMinutesRequested() {},
    idleMinutesLoaded(state, action: PayloadAction<number>) {
      state.idleMinutes = action.payload;
    },
    idleMinutesSaveRequested(state, action: PayloadAction<number>) {
      state.settingsSaving = true;
      state.idleMinutes = action.payload;
    },
    /** The shift guardian's policy and times (docs/guardian.md): read with the settings. */
    guardianLoaded(state, action: PayloadAction<GuardianSettings>) {
      state.guardian = action.payload;
    },
    guardianSaveRequested(state, action: PayloadAction<GuardianSettings>) {
      state.settingsSaving = true;
      state.guardian = action.payload;
    },
  },
  extraReducers: (builder) => {
    /**
     * A teammate's row from a live event: the card of an observed member shows the new status and
     * profile at once (the times and the checkout follow with the reload the saga asks for).
     */
    builder.addCase(workspaceLiveActions.teammateChanged, (state, action) => {
      const { userId, teammate } = action.payload;
      const row = state.teamPage.rows?.find((r) => r.observed_user.id === userId);
      if (!row || !teammate) return;
      row.status = TEAM_PAGE_STATUS[teammate.status] ?? row.status;
      row.observed_user.display_name = teammate.display_name;
      row.observed_user.full_name = teammate.full_name;
      row.observed_user.avatar = teammate.avatar;
    });
  },
});

export const workspaceActions = workspaceSlice.actions;
export const workspaceReducer = workspaceSlice.reducer;

// This slice loads with the workspace area's chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('workspace', workspaceReducer);
