import { ConfigProvider, Modal, message } from 'antd';
import type { MessageArgsProps, ModalFuncProps } from 'antd';
import { theme } from './theme';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import './antd-office.gen.css';

// Loaded by `feedback.ts` on the first confirm or message. The holders antd renders for them sit
// outside the app's tree, so they get the app's theme through `holderRender`.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

export const confirm = (props: ModalFuncProps) => Modal.confirm(props);
export const info = (props: ModalFuncProps) => Modal.info(props);
export const openMessage = (args: MessageArgsProps) => message.open(args);
export const destroyMessage = (key: string) => message.destroy(key);
