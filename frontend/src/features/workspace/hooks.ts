import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useDebounced } from './useDebounced';
import {
  selectAccount,
  selectCounts,
  selectCountsProblem,
  selectInvitation,
  selectMembers,
  selectMembersVersion,
  selectPeople,
  selectPeopleProblem,
  selectPeopleReady,
  selectProjects,
  selectProjectsVersion,
  selectTeamPage,
  selectTeamPageSaving,
} from './selectors';
import { panelKey, workspaceActions, type MemberFilter, type PanelQuery, type PanelRows, type ProjectFilter } from './slice';
import type { Action } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { Member, Project } from '../../api/types';

/**
 * A panel's rows (Members, Projects): a view filter, a debounced server-side search that starts on
 * the first page, pages (a page emptied by a deactivation, an archive or a delete shows the one
 * before), read again whenever the panel's version moves (after every write), `loading` until
 * the rows of the current query are in, and `problem` when they could not be read.
 */
function usePanelRows<Filter extends string, Row>(
  debounceMs: number,
  initialFilter: Filter,
  selectRows: (state: RootState) => PanelRows<Row>,
  selectVersion: (state: RootState) => number,
  request: (query: PanelQuery<Filter>) => Action,
) {
  const dispatch = useAppDispatch();
  const [filter, setFilterState] = useState<Filter>(initialFilter);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), debounceMs);
  const [page, setPage] = useState(1);
  const [settledTerm, setSettledTerm] = useState(term);
  // A new search starts on the first page.
  if (settledTerm !== term) {
    setSettledTerm(term);
    setPage(1);
  }
  const version = useAppSelector(selectVersion);
  const loaded = useAppSelector(selectRows);
  const query: PanelQuery<Filter> = { filter, search: term || undefined, page };
  const key = panelKey(query);
  useEffect(() => {
    dispatch(request({ filter, search: term || undefined, page }));
  }, [dispatch, request, filter, term, page, version]);
  // A page emptied by a write shows the one before.
  if (loaded.key === key && loaded.emptyPage && page > 1) setPage(page - 1);
  const setFilter = useCallback((next: Filter) => {
    setFilterState(next);
    setPage(1);
  }, []);
  const current = loaded.key === key;
  return { filter, setFilter, search, setSearch, page, setPage, rows: loaded.rows, count: loaded.count, loading: !current, problem: current ? loaded.problem : null };
}

/** The Members panel's rows (usePanelRows). */
export const useMemberRows = (debounceMs: number) =>
  usePanelRows<MemberFilter, Member>(debounceMs, 'Active', selectMembers, selectMembersVersion, workspaceActions.membersRequested);

/** The Projects panel's rows (usePanelRows): reloaded after every write (`workspaceActions.projectsChanged`). */
export const useProjectRows = (debounceMs: number) =>
  usePanelRows<ProjectFilter, Project>(debounceMs, 'Active', selectProjects, selectProjectsVersion, workspaceActions.projectsRequested);

/** Everyone active (the team page choices), reloaded after every write. */
export function usePeople() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(workspaceActions.peopleRequested());
  }, [dispatch]);
  return useAppSelector(selectPeople);
}

/** The Team Page view: everyone active (null until loaded), the member being saved, why the read failed. */
export function useTeamPages() {
  const people = usePeople();
  const ready = useAppSelector(selectPeopleReady);
  const saving = useAppSelector(selectTeamPageSaving);
  const problem = useAppSelector(selectPeopleProblem);
  return { members: ready ? people : null, saving, problem };
}

/** The Workspace view's figures, loaded when it opens (null until then), and why they could not be. */
export function useWorkspaceCounts() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(workspaceActions.countsRequested());
  }, [dispatch]);
  return { counts: useAppSelector(selectCounts), problem: useAppSelector(selectCountsProblem) };
}

/**
 * The team page's rows: read when it opens (when the user may see it), then kept fresh by live
 * events while it is shown (workers.ts `teamPageNews`).
 */
export function useTeamPage(allowed: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!allowed) return;
    dispatch(workspaceActions.teamPageShown());
    dispatch(workspaceActions.teamPageRequested());
    return () => void dispatch(workspaceActions.teamPageHidden());
  }, [dispatch, allowed]);
  return useAppSelector(selectTeamPage);
}

/** The invitation link's page: the link checked when it opens. */
export function useInvitation(token: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(workspaceActions.invitationOpened(token));
  }, [dispatch, token]);
  const invitation = useAppSelector(selectInvitation);
  // Before the first check starts, nothing is known about this link.
  return invitation.token === token ? invitation : { ...invitation, info: null, linkProblem: null, problem: null, saving: false, done: false };
}

/** The member whose account panel is open: loaded when opened; `failed` when it could not be. */
export function useMemberAccount(memberId: number | null) {
  const dispatch = useAppDispatch();
  const account = useAppSelector(selectAccount);
  useEffect(() => {
    if (memberId === null) return;
    dispatch(workspaceActions.accountOpened(memberId));
    return () => void dispatch(workspaceActions.accountClosed());
  }, [dispatch, memberId]);
  return account.id === memberId ? account : { id: memberId, member: null, failed: false };
}
