import type { MessageArgsProps, ModalFuncProps } from 'antd';

// Confirm dialogs and messages (snackbars) load antd's Modal and message (with rc-dialog and
// rc-notification, about 12 KiB gzip) when first used rather than with the office: antd's App, which
// gave them through App.useApp(), also brought its notification API into the first load.
let host: Promise<typeof import('./feedbackHost')> | null = null;
const load = () => (host ??= import('./feedbackHost'));

export const feedback = {
  confirm: (props: ModalFuncProps): void => void load().then((module) => module.confirm(props)),
  info: (props: ModalFuncProps): void => void load().then((module) => module.info(props)),
  message: {
    open: (args: MessageArgsProps): void => void load().then((module) => module.openMessage(args)),
    destroy: (key: string): void => void load().then((module) => module.destroyMessage(key)),
  },
};
