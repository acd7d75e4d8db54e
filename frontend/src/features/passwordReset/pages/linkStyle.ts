import type { CSSProperties } from 'react';

/** The theme's link colour (shared/theme.ts) for router links outside antd's components. */
export const linkStyle: CSSProperties = { color: '#1668dc' };
