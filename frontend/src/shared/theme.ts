import type { ThemeConfig } from 'antd';

/**
 * The SPA's antd theme: the root ConfigProvider and the holders of confirm dialogs and messages.
 * Colours are chosen for WCAG AA contrast (4.5:1 for text; the end-to-end axe check holds it):
 * antd's default blue (#1677ff) gives 4.1:1 under white text, its tertiary grey 3.4:1, its red
 * (#ff4d4f, danger buttons and errors) 3.3:1 and its placeholder grey 1.8:1.
 */
export const theme: ThemeConfig = {
  // antd generates the styles of the components a page renders, as it renders them (CSS-in-JS): no
  // stylesheet of every component's styles (antd/dist/antd.css, 106 KiB gzip) blocks the first paint
  // of every route; the first screens' heaviest are made at build time from this theme
  // (scripts/antd-styles.mjs: run `make antd-styles` after changing it; docs/architecture.md, "First
  // load and code splitting").
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
