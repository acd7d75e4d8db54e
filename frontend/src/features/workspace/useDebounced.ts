import { useEffect, useState } from 'react';

/** `value`, once it has not changed for `ms` (the panels' server-side searches, spec 02 §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
