import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setupStore } from './store';
import { READS, startEarlyReads } from '../api/earlyReads';
import { paths } from '../shared/routes';
// antd's styles, prebuilt (shared/theme.ts, `zeroRuntime`); the app's own after them.
import 'antd/dist/antd.css';
import '../shared/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// A stored session's first reads, and the office page's own, start before the sagas and the page's
// chunks have loaded (api/earlyReads.ts): the first paint with data no longer waits for them in turn.
startEarlyReads([READS.me, READS.currentStatus, ...(window.location.pathname === paths.office ? [READS.nextCalendarSchedule] : [])]);

createRoot(root).render(
  <StrictMode>
    <App store={setupStore()} />
  </StrictMode>,
);
