import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders } from 'axios';
import * as outbox from '../../../api/outbox';
import { feedback } from '../../feedback';
import { sessionActions } from '../../session';
import { flush, outboxSaga, outboxWrite, persist, RETRY_MS, sendOrQueue, type Sent } from '../sagas';
import { outboxActions, outboxReducer, selectWaitingSeconds, type OutboxState } from '../slice';

vi.mock('../../../api/outbox', async (original) => ({ ...(await original<typeof outbox>()), sendWrite: vi.fn() }));
vi.mock('../../feedback', () => ({
  TOAST_SECONDS: { success: 3, failure: 6 },
  feedback: { failure: vi.fn(), success: vi.fn(), message: { open: vi.fn() } },
  failureText: (error: { response?: { data?: { detail?: string } } }, fallback: string) => error.response?.data?.detail ?? fallback,
}));

const offline = () => new AxiosError('Network Error', 'ERR_NETWORK');
function refusal(status: number, detail: string, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR', config, null, { status, statusText: '', headers, config, data: { detail } });
}

const write = (label: string, kind: outbox.OutboxKind = 'task_time', subject: number | null = 7) =>
  outboxWrite({ kind, method: 'post', url: `/api/work/${label}/`, body: { seconds: 600 }, label, subject });

/** Runs a saga on a store-like state kept by the outbox's reducer; every change of the list is persisted. */
async function run<T>(saga: Saga, ...args: unknown[]): Promise<{ result: T; dispatched: Action[]; state: { outbox: OutboxState } }> {
  const dispatched: Action[] = [];
  let state = { outbox: outboxReducer(undefined, outboxActions.loaded(outbox.readOutbox())) };
  const task = runSaga(
    {
      dispatch: (action: Action) => {
        dispatched.push(action);
        state = { outbox: outboxReducer(state.outbox, action) };
        const kept = [outboxActions.queued, outboxActions.delivered, outboxActions.refused, outboxActions.replaced, outboxActions.dismissed];
        if (kept.some((creator) => creator.match(action))) void runSaga({ dispatch: () => undefined, getState: () => state }, persist, action).toPromise();
      },
      getState: () => state,
    },
    saga,
    ...args,
  );
  const result = (await task.toPromise()) as T;
  return { result, dispatched, state };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('the outbox', () => {
  it('sends a write at once when nothing waits, with its Idempotency-Key', async () => {
    vi.mocked(outbox.sendWrite).mockResolvedValue({ seconds_worked: 600 });
    const one = write('one');
    const { result, state } = await run<Sent<unknown>>(sendOrQueue, one);
    expect(result).toEqual({ sent: true, data: { seconds_worked: 600 } });
    expect(outbox.sendWrite).toHaveBeenCalledWith(one);
    expect(one.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(state.outbox.entries).toEqual([]);
  });

  it('keeps a write the server cannot get, in localStorage, where a reload finds it', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(offline());
    const { result, state } = await run<Sent<unknown>>(sendOrQueue, write('one'));
    expect(result).toEqual({ sent: false });
    expect(state.outbox.entries).toEqual([expect.objectContaining({ label: 'one', refusal: null })]);
    expect(outbox.readOutbox()).toEqual(state.outbox.entries);
    expect(selectWaitingSeconds(state, 7)).toBe(600);
  });

  it('puts a write behind those waiting, without sending it ahead of them', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(offline());
    await run(sendOrQueue, write('one'));
    vi.mocked(outbox.sendWrite).mockClear();
    const { result, state, dispatched } = await run<Sent<unknown>>(sendOrQueue, write('two'));
    expect(result).toEqual({ sent: false });
    expect(outbox.sendWrite).not.toHaveBeenCalled();
    expect(state.outbox.entries.map((entry) => entry.label)).toEqual(['one', 'two']);
    expect(dispatched).toContainEqual(outboxActions.flushRequested());
  });

  it('a 4xx is the server\'s verdict, not a reason to keep the write', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(refusal(400, 'Tasks total hours can not be more than Office Work hours.'));
    await expect(run(sendOrQueue, write('one'))).rejects.toBeInstanceOf(AxiosError);
    expect(outbox.readOutbox()).toEqual([]);
    expect(outbox.isUnreachable(refusal(503, 'Down'))).toBe(true);
    expect(outbox.isUnreachable(refusal(409, 'Closed'))).toBe(false);
  });
});

describe('sending the kept writes', () => {
  async function keep(...labels: string[]) {
    vi.mocked(outbox.sendWrite).mockRejectedValue(offline());
    for (const label of labels) await run(sendOrQueue, write(label));
    vi.mocked(outbox.sendWrite).mockReset();
  }

  it('sends them in the order they were made and hands each answer to its feature', async () => {
    await keep('one', 'two', 'three');
    const sent: string[] = [];
    vi.mocked(outbox.sendWrite).mockImplementation(async (w) => {
      sent.push(w.label);
      return { label: w.label };
    });
    const { state, dispatched } = await run(flush);
    expect(sent).toEqual(['one', 'two', 'three']);
    const delivered = dispatched.filter(outboxActions.delivered.match).map((action) => action.payload.data);
    expect(delivered).toEqual([{ label: 'one' }, { label: 'two' }, { label: 'three' }]);
    expect(state.outbox.entries).toEqual([]);
    expect(outbox.readOutbox()).toEqual([]);
    expect(dispatched.at(-1)).toEqual(outboxActions.flushEnded({ reachable: true, retryInMs: null }));
  });

  it('stops where the server is out of reach again, keeping the rest, and tries again later', async () => {
    await keep('one', 'two', 'three');
    vi.mocked(outbox.sendWrite).mockResolvedValueOnce({}).mockRejectedValueOnce(refusal(503, 'Down', { 'retry-after': '2' }));
    const { state, dispatched } = await run(flush);
    expect(state.outbox.entries.map((entry) => entry.label)).toEqual(['two', 'three']);
    expect(dispatched.at(-1)).toEqual(outboxActions.flushEnded({ reachable: false, retryInMs: 2000 }));
    vi.mocked(outbox.sendWrite).mockRejectedValueOnce(offline());
    const again = await run(flush);
    expect(again.dispatched.at(-1)).toEqual(outboxActions.flushEnded({ reachable: false, retryInMs: RETRY_MS[1] }));
  });

  it('shows a refused replay with the reason, keeps it listed, and goes on with the next', async () => {
    await keep('one', 'two', 'three');
    vi.mocked(outbox.sendWrite)
      .mockResolvedValueOnce({})
      .mockRejectedValueOnce(refusal(409, 'This day is closed: Tue 10 Mar 2026 is locked.'))
      .mockResolvedValueOnce({});
    const { state } = await run(flush);
    expect(state.outbox.entries).toEqual([
      expect.objectContaining({ label: 'two', refusal: { status: 409, message: 'This day is closed: Tue 10 Mar 2026 is locked.' } }),
    ]);
    expect(feedback.failure).toHaveBeenCalledWith('Not saved: two. This day is closed: Tue 10 Mar 2026 is locked.');
    expect(outbox.readOutbox()).toEqual(state.outbox.entries);
    // Dismissed by the member, it leaves the list.
    const dismissed = outboxReducer(state.outbox, outboxActions.dismissed(state.outbox.entries[0].key));
    expect(dismissed.entries).toEqual([]);
  });

  it('a deleted task (404) is a refusal like any other', async () => {
    await keep('one');
    vi.mocked(outbox.sendWrite).mockRejectedValueOnce(refusal(404, 'Not found.'));
    const { state } = await run(flush);
    expect(state.outbox.entries[0].refusal).toEqual({ status: 404, message: 'Not found.' });
  });
});

describe('the stored list', () => {
  it("keeps another tab's writes: a change applies to what is stored", async () => {
    const mine = { ...write('mine'), refusal: null };
    const theirs = { ...write('theirs'), refusal: null };
    outbox.writeOutbox([theirs]);
    await run(persist, outboxActions.queued(mine));
    expect(outbox.readOutbox().map((entry) => entry.label)).toEqual(['theirs', 'mine']);
  });

  it('an unreadable stored list is an empty one', () => {
    localStorage.setItem(outbox.OUTBOX_KEY, '{not json');
    expect(outbox.readOutbox()).toEqual([]);
  });

  it('signing out drops what the session kept', async () => {
    outbox.writeOutbox([{ ...write('one'), refusal: null }]);
    const channel = stdChannel();
    const dispatched: Action[] = [];
    const state = { outbox: outboxReducer(undefined, { type: '@@init' }) };
    const task = runSaga(
      { channel, dispatch: (action: Action) => { dispatched.push(action); channel.put(action); }, getState: () => state },
      outboxSaga,
    );
    expect(dispatched).toContainEqual(outboxActions.loaded([expect.objectContaining({ label: 'one' })]));
    channel.put(sessionActions.signedOut());
    expect(outbox.readOutbox()).toEqual([]);
    task.cancel();
  });
});
