import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../hooks';
import { selectRequest, type RequestState } from './slice';

let counter = 0;

/**
 * A fresh request id per submission, and the state the saga reported for it.
 * `onSuccess` runs once when the saga reports success (close the dialog, clear the field).
 */
export function useRequest(onSuccess?: (request: RequestState) => void) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const request = useAppSelector((state) => selectRequest(state, requestId));
  const handled = useRef<string | null>(null);
  const callback = useRef(onSuccess);
  useEffect(() => {
    callback.current = onSuccess;
  });
  useEffect(() => {
    if (request?.status === 'succeeded' && requestId && handled.current !== requestId) {
      handled.current = requestId;
      callback.current?.(request);
    }
  }, [request, requestId]);
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
