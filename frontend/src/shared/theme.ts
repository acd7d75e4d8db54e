import type { ThemeConfig } from 'antd';

/** The SPA's antd theme: the root ConfigProvider and the holders of confirm dialogs and messages. */
export const theme: ThemeConfig = { token: { colorPrimary: '#1677ff', borderRadius: 8 } };
