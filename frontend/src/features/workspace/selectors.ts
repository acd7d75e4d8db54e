import type { RootState } from '../../app/store';

export const selectMembers = (state: RootState) => state.workspace.members;
export const selectMembersVersion = (state: RootState) => state.workspace.version;
export const selectPeople = (state: RootState) => state.workspace.people;
export const selectAccount = (state: RootState) => state.workspace.account;
export const selectLink = (state: RootState) => state.workspace.link;
