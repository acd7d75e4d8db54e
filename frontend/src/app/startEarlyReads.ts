import { OFFICE_FIRST_READS, OFFICE_LATER_READS, SESSION_READS, startEarlyReads } from '../api/earlyReads';
import { paths } from '../shared/routes';

// A stored session's first reads, and on /office every read of its first screen, start before the
// sagas and the page's chunks have loaded (api/earlyReads.ts): they no longer wait for them in turn.
// Imported first by main.tsx, so the reads leave before the entry's own modules (the store, the
// routes and their chunk preloads) run.
if (window.location.pathname === paths.office) startEarlyReads(OFFICE_FIRST_READS, OFFICE_LATER_READS);
else startEarlyReads(SESSION_READS);
