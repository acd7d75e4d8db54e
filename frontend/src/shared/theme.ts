import type { ThemeConfig } from 'antd';

/**
 * The SPA's antd theme: the root ConfigProvider and the holders of confirm dialogs and messages.
 * Colours are chosen for WCAG AA contrast (4.5:1 for text; the end-to-end axe check holds it):
 * antd's default blue (#1677ff) gives 4.1:1 under white text, its tertiary grey 3.4:1, its red
 * (#ff4d4f, danger buttons and errors) 3.3:1 and its placeholder grey 1.8:1.
 */
export const theme: ThemeConfig = {
  // antd's component styles come from its prebuilt stylesheet (antd/dist/antd.css, imported by
  // app/main.tsx) instead of being generated in the browser on each component's first render, which
  // was about a third of the office's first render. The tokens below still reach that stylesheet:
  // it reads them as CSS variables, which antd keeps writing at runtime.
  zeroRuntime: true,
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#1668dc',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    borderRadius: 8,
  },
};
