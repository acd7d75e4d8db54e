import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OutboxEntry, OutboxKind, OutboxWrite } from '../../api/outbox';

/**
 * The pending list (docs/offline.md): the writes kept while the server could not be reached, in
 * order, as the outbox in localStorage holds them (`shared/outbox/sagas.ts` keeps both in step),
 * and the replays the server refused, with its reason, until the member dismisses them.
 */
export interface OutboxState {
  entries: OutboxEntry[];
  /** A replay is going on (the list is being sent, first to last). */
  sending: boolean;
}

const initialState: OutboxState = { entries: [], sending: false };

/** The server's answer to a kept write, sent again. */
export interface Delivered {
  write: OutboxWrite;
  data: unknown;
}

const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    /** The list kept in localStorage, read when the app starts. */
    loaded(state, action: PayloadAction<OutboxEntry[]>) {
      state.entries = action.payload;
    },
    /** A write could not reach the server: it waits at the end of the list. */
    queued(state, action: PayloadAction<OutboxWrite>) {
      state.entries.push({ ...action.payload, refusal: null });
    },
    /** Send the list now (back online, the live socket reopened, a new session, a new write). */
    flushRequested() {},
    flushStarted(state) {
      state.sending = true;
    },
    /** The replay ended: everything was sent (`reachable`), or the server is still out of reach. */
    flushEnded(state, action: PayloadAction<{ reachable: boolean; retryInMs: number | null }>) {
      state.sending = false;
      void action;
    },
    /** The server applied a kept write: the feature that made it takes the answer. */
    delivered(state, action: PayloadAction<Delivered>) {
      state.entries = state.entries.filter((entry) => entry.key !== action.payload.write.key);
    },
    /** The server refused a kept write (409 day locked, 404 task deleted...): shown with the reason. */
    refused(state, action: PayloadAction<{ write: OutboxWrite; status: number; message: string }>) {
      const { write, status, message } = action.payload;
      const entry = state.entries.find((one) => one.key === write.key);
      if (entry) entry.refusal = { status, message };
    },
    /** A kept write made obsolete by a newer one of the same item (a note typed again). */
    replaced(state, action: PayloadAction<string>) {
      state.entries = state.entries.filter((entry) => entry.key !== action.payload);
    },
    /** The member read a refusal. */
    dismissed(state, action: PayloadAction<string>) {
      state.entries = state.entries.filter((entry) => entry.key !== action.payload);
    },
  },
});

export const outboxActions = outboxSlice.actions;
/** What the feature that made a kept write hears when it was sent: the answer, or the refusal. */
export type OutboxAnswer = ReturnType<typeof outboxActions.delivered> | ReturnType<typeof outboxActions.refused>;
export const outboxReducer = outboxSlice.reducer;

type WithOutbox = { outbox: OutboxState };
export const selectOutboxEntries = (state: WithOutbox) => state.outbox.entries;
/** Writes still to be sent (not refused), in order. */
export const selectWaiting = createSelector([selectOutboxEntries], (entries) => entries.filter((entry) => entry.refusal === null));
/** The refused replays, with the server's reasons. */
export const selectRefused = createSelector([selectOutboxEntries], (entries) => entries.filter((entry) => entry.refusal !== null));
/** The pending indicator's words (docs/offline.md). */
export const PENDING_TEXT = 'Pending – will be sent when you are back online';

/** A write of `kind` on `subject` (a task, a work day; null for the member's own status) still waiting to be sent. */
export const selectWaitingOn = (state: WithOutbox, kind: OutboxKind, subject: number | null): boolean =>
  state.outbox.entries.some((entry) => entry.kind === kind && entry.subject === subject && entry.refusal === null);

/** Seconds of time on `task` still waiting to be sent (the mark on its card). */
export const selectWaitingSeconds = (state: WithOutbox, task: number): number =>
  state.outbox.entries.reduce(
    (sum, entry) => (entry.kind === 'task_time' && entry.subject === task && entry.refusal === null ? sum + Number(entry.body?.seconds ?? 0) : sum),
    0,
  );

/**
 * Time on `task` in the work day `workDay` still waiting to be sent, or null when none waits
 * (History's week grid shows it in the cell). A change without a work day (a task card's) is
 * today's, so it counts when `today`; 'all unallocated' counts 0 s (its amount is the server's).
 */
export const selectWaitingSecondsOnDay = (state: WithOutbox, task: number, workDay: number, today: boolean): number | null => {
  let waiting = false;
  let seconds = 0;
  for (const entry of state.outbox.entries) {
    if (entry.kind !== 'task_time' || entry.refusal !== null || entry.body?.task !== task) continue;
    const day = entry.body.work_day;
    if (day === workDay || (today && (day === undefined || day === null))) {
      waiting = true;
      seconds += Number(entry.body.seconds ?? 0);
    }
  }
  return waiting ? seconds : null;
};

/** A delivered or refused write of one kind: for the watchers of the feature that made it. */
export const outboxAnswerOf =
  (...kinds: OutboxKind[]) =>
  (action: { type: string; payload?: unknown }): boolean =>
    (action.type === outboxActions.delivered.type || action.type === outboxActions.refused.type) &&
    kinds.includes((action.payload as Delivered).write.kind);
