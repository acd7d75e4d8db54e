import type { MessageArgsProps, ModalFuncProps } from 'antd';
import { toApiFailure } from '../api/client';

// Confirm dialogs and messages (snackbars) load antd's Modal and message (with rc-dialog and
// rc-notification, about 12 KiB gzip) when first used rather than with the office: antd's App, which
// gave them through App.useApp(), also brought its notification API into the first load.
let host: Promise<typeof import('./feedbackHost')> | null = null;
// A chunk that could not load (offline before the first toast: docs/offline.md) is fetched again
// next time, not remembered as failed for the rest of the visit.
const load = () =>
  (host ??= import('./feedbackHost').catch((error: unknown) => {
    host = null;
    throw error;
  }));

/** How long a toast stays: successes are short, failures stay long enough to read. */
export const TOAST_SECONDS = { success: 3, failure: 6 } as const;

const open = (args: MessageArgsProps): void => void load().then((module) => module.openMessage(args));

export const feedback = {
  confirm: (props: ModalFuncProps): void => void load().then((module) => module.confirm(props)),
  info: (props: ModalFuncProps): void => void load().then((module) => module.info(props)),
  message: {
    open,
    destroy: (key: string): void => void load().then((module) => module.destroyMessage(key)),
  },
  /**
   * The toast helper: every write without a visible result of its own says it worked
   * ('Profile saved.') or why it did not (the server's message).
   */
  success: (content: string): void => open({ type: 'success', content, duration: TOAST_SECONDS.success }),
  failure: (content: string): void => open({ type: 'error', content, duration: TOAST_SECONDS.failure }),
};

/**
 * The words of a failed call for a person: the server's messages (a 400's field messages and
 * detail, without the field names) or, when it said nothing readable, the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  const failure = toApiFailure(error);
  if (failure.status === null || failure.status >= 500) return fallback;
  const messages = Object.values(failure.fieldErrors).flat().filter(Boolean);
  return messages.length ? messages.join(' ') : fallback;
}
