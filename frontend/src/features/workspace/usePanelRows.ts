import { useCallback, useEffect, useRef, useState } from 'react';
import { useFailure } from './useAdminCall';
import { useDebounced } from './useDebounced';

export interface PanelQuery<F extends string> {
  filter: F;
  /** The search as the server gets it: trimmed, debounced, undefined when empty. */
  search: string | undefined;
  page: number;
}

interface Options<F extends string, Row> {
  initialFilter: F;
  debounceMs: number;
  fetchPage: (query: PanelQuery<F>) => Promise<{ results: Row[]; count: number }>;
  /** The toast when a page cannot be loaded. */
  failText: string;
}

/**
 * A workspace panel's rows (Members, Projects): a view filter, a debounced server-side search that
 * starts on the first page, pages (a page emptied by an archive or a delete shows the one before),
 * `refresh` after a write, and `loading` until the rows of the current query are in.
 */
export function usePanelRows<F extends string, Row>({ initialFilter, debounceMs, fetchPage, failText }: Options<F, Row>) {
  const fail = useFailure();
  const [filter, setFilterState] = useState<F>(initialFilter);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), debounceMs);
  const [page, setPage] = useState(1);
  const [settledTerm, setSettledTerm] = useState(term);
  const [reload, setReload] = useState(0);
  const key = `${filter}|${term}|${page}|${reload}`;
  const [loaded, setLoaded] = useState<{ key: string; rows: Row[]; count: number }>({ key: '', rows: [], count: 0 });
  // A new search starts on the first page.
  if (settledTerm !== term) {
    setSettledTerm(term);
    setPage(1);
  }
  // The latest fetcher (callers pass a new closure each render); kept before the load below runs.
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  useEffect(() => {
    let current = true;
    fetchRef
      .current({ filter, search: term || undefined, page })
      .then((answer) => {
        if (!current) return;
        if (answer.results.length === 0 && page > 1) setPage(page - 1);
        setLoaded({ key, rows: answer.results, count: answer.count });
      })
      .catch((error: unknown) => {
        if (!current) return;
        fail(error, failText);
        setLoaded((before) => ({ ...before, key }));
      });
    return () => {
      current = false;
    };
    // `key` is made of the others.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fail]);

  const setFilter = useCallback((next: F) => {
    setFilterState(next);
    setPage(1);
  }, []);
  const refresh = useCallback(() => setReload((value) => value + 1), []);

  return { filter, setFilter, search, setSearch, page, setPage, rows: loaded.rows, count: loaded.count, loading: loaded.key !== key, reload, refresh };
}
