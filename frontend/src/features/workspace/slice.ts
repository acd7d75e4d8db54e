import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Member, MemberCreated, MemberCreateRequest, MemberDetail, MemberUpdateRequest, WeekStart } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

export type MemberFilter = 'Active' | 'Inactive';

export interface MembersQuery {
  filter: MemberFilter;
  /** As the server gets it: trimmed, undefined when empty. */
  search: string | undefined;
  page: number;
}

export const membersKey = (query: MembersQuery) => `${query.filter}|${query.search ?? ''}|${query.page}`;

/** The Members panel's data (spec 02 §2): the page of rows, everyone active, the member being edited. */
export interface WorkspaceState {
  members: { key: string | null; rows: Member[]; count: number; emptyPage: boolean };
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
}

const initialState: WorkspaceState = {
  members: { key: null, rows: [], count: 0, emptyPage: false },
  version: 0,
  people: [],
  account: { id: null, member: null, failed: false },
  link: null,
  settingsSaving: false,
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
    membersLoaded(state, action: PayloadAction<{ key: string; rows: Member[]; count: number; emptyPage: boolean }>) {
      state.members = action.payload;
    },
    /** The page could not be loaded: it stops loading and keeps the rows it had. */
    membersFailed(state, action: PayloadAction<string>) {
      state.members.key = action.payload;
    },
    peopleRequested() {},
    peopleLoaded(state, action: PayloadAction<Member[]>) {
      state.people = action.payload;
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
    integrationTestRequested(_state, _action: PayloadAction<{ kind: 'calendar' | 'tracker'; config: Record<string, unknown> }>) {},
    /** The workspace's default first day of the week (docs/calendar.md, "Preferences"). */
    weekStartSaveRequested(state, _action: PayloadAction<WeekStart>) {
      state.settingsSaving = true;
    },
    weekStartSettled(state) {
      state.settingsSaving = false;
    },
  },
});

export const workspaceActions = workspaceSlice.actions;
export const workspaceReducer = workspaceSlice.reducer;

// This slice loads with the workspace area's chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('workspace', workspaceReducer);
