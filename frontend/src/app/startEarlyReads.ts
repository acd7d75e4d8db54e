import { OFFICE_READS, SESSION_READS, startEarlyReads } from '../api/earlyReads';
import { paths } from '../shared/routes';

// A stored session's first reads, and on /office every read of its first screen, start before the
// sagas and the page's chunks have loaded (api/earlyReads.ts): they no longer wait for them in turn.
// Imported first by main.tsx, so the reads leave before the entry's own modules (the store, the
// routes and their chunk preloads) run.
startEarlyReads(window.location.pathname === paths.office ? OFFICE_READS : SESSION_READS);
