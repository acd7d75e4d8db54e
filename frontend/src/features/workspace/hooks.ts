import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useDebounced } from './useDebounced';
import { selectAccount, selectMembers, selectMembersVersion, selectPeople } from './selectors';
import { membersKey, workspaceActions, type MemberFilter } from './slice';

/**
 * The Members panel's rows: a view filter, a debounced server-side search that starts on the first
 * page, pages (a page emptied by a deactivation shows the one before), reloaded after every write,
 * and `loading` until the rows of the current query are in.
 */
export function useMemberRows(debounceMs: number) {
  const dispatch = useAppDispatch();
  const [filter, setFilterState] = useState<MemberFilter>('Active');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), debounceMs);
  const [page, setPage] = useState(1);
  const [settledTerm, setSettledTerm] = useState(term);
  // A new search starts on the first page.
  if (settledTerm !== term) {
    setSettledTerm(term);
    setPage(1);
  }
  const version = useAppSelector(selectMembersVersion);
  const loaded = useAppSelector(selectMembers);
  const key = membersKey({ filter, search: term || undefined, page });
  useEffect(() => {
    dispatch(workspaceActions.membersRequested({ filter, search: term || undefined, page }));
  }, [dispatch, filter, term, page, version]);
  // A page emptied by a deactivation shows the one before.
  if (loaded.key === key && loaded.emptyPage && page > 1) setPage(page - 1);
  const setFilter = useCallback((next: MemberFilter) => {
    setFilterState(next);
    setPage(1);
  }, []);
  const current = loaded.key === key;
  return { filter, setFilter, search, setSearch, page, setPage, rows: loaded.rows, count: loaded.count, loading: !current };
}

/** Everyone active (the team page choices), reloaded after every write. */
export function usePeople() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(workspaceActions.peopleRequested());
  }, [dispatch]);
  return useAppSelector(selectPeople);
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
