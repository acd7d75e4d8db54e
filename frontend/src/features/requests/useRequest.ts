import { useCallback, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectRequest } from './slice';

let counter = 0;

/** A fresh request id per submission, and the state the saga reported for it. */
export function useRequest() {
  const [requestId, setRequestId] = useState<string | null>(null);
  const request = useAppSelector((state) => selectRequest(state, requestId));
  const next = useCallback(() => {
    counter += 1;
    const id = `request-${counter}`;
    setRequestId(id);
    return id;
  }, []);
  const reset = useCallback(() => setRequestId(null), []);
  return { requestId, request, next, reset };
}

/** The first server message for a field, for an antd Form.Item `help`. */
export function fieldError(fieldErrors: Record<string, string[]> | undefined, field: string): string | undefined {
  return fieldErrors?.[field]?.[0];
}
