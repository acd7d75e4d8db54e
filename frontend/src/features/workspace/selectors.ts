import type { RootState } from '../../app/store';
import { workspaceReducer, type WorkspaceState } from './slice';

// The workspace slice registers with the area's chunk (shared/lazyReducers.ts); until the store has
// run it once, these read its initial state.
const initial: WorkspaceState = workspaceReducer(undefined, { type: '@@workspace/init' });
const workspace = (state: RootState): WorkspaceState => state.workspace ?? initial;

export const selectMembers = (state: RootState) => workspace(state).members;
export const selectMembersVersion = (state: RootState) => workspace(state).version;
export const selectPeople = (state: RootState) => workspace(state).people;
export const selectAccount = (state: RootState) => workspace(state).account;
export const selectLink = (state: RootState) => workspace(state).link;
export const selectSettingsSaving = (state: RootState) => workspace(state).settingsSaving;
export const selectRequireTwoFactor = (state: RootState) => workspace(state).requireTwoFactor;
export const selectTwoFactorResetting = (state: RootState) => workspace(state).twoFactorResetting;
export const selectIdleMinutes = (state: RootState) => workspace(state).idleMinutes;
export const selectGuardian = (state: RootState) => workspace(state).guardian;
export const selectPeopleReady = (state: RootState) => workspace(state).peopleReady;
export const selectPeopleProblem = (state: RootState) => workspace(state).peopleProblem;
export const selectTeamPageSaving = (state: RootState) => workspace(state).teamPageSaving;
export const selectProjects = (state: RootState) => workspace(state).projects;
export const selectProjectsVersion = (state: RootState) => workspace(state).projectsVersion;
export const selectCounts = (state: RootState) => workspace(state).counts;
export const selectCountsProblem = (state: RootState) => workspace(state).countsProblem;
export const selectTeamPage = (state: RootState) => workspace(state).teamPage;
export const selectInvitation = (state: RootState) => workspace(state).invitation;

export const selectSso = (state: RootState) => workspace(state).sso;
