import { useCallback } from 'react';
import { toApiFailure } from '../../api/client';
import { clearStoredSession } from '../../api/storage';
import { failureText, feedback } from '../../shared/feedback';
import { useAppDispatch } from '../../shared/hooks';
import { sessionActions } from '../../shared/session';

/**
 * How the workspace area reports a failed call: a dead session ends (401, as everywhere), any
 * other failure is a toast with the server's message. Returns the failure for forms that show
 * field messages next to their fields.
 */
export function useFailure() {
  const dispatch = useAppDispatch();
  return useCallback(
    (error: unknown, fallback: string) => {
      const failure = toApiFailure(error);
      if (failure.status === 401) {
        clearStoredSession();
        dispatch(sessionActions.signedOut());
      } else {
        feedback.failure(failureText(error, fallback));
      }
      return failure;
    },
    [dispatch],
  );
}
