// First: the early reads leave before the rest of the entry runs (startEarlyReads.ts).
import './startEarlyReads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setupStore } from './store';
import { registerOfflineShell } from './offlineShell';
// antd's styles of what every screen shows first, made at build time (scripts/antd-styles.mjs), and
// the record antd reads of them and of the office's file; antd generates the others as they render.
import '../shared/antd-entry.gen.css';
// The app's own styles.
import '../shared/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <App store={setupStore()} />
  </StrictMode>,
);
registerOfflineShell();
