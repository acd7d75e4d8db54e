import { runSaga, type Saga, type Task } from 'redux-saga';
import type { Action, Reducer } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';

/**
 * The fake store a saga test runs against: `getState` answers `state`, and each action the saga
 * dispatches goes through `reduce` (when given) before the next step, as the real store would.
 */
export interface FakeStore<S> {
  state: S;
  reduce?: (state: S, action: Action) => S;
}

export interface SagaRun<S> {
  /** Every action the saga dispatched, in order. */
  dispatched: Action[];
  /** The state after the last one. */
  state: S;
  /** What the saga returned. */
  result: unknown;
}

export interface StartedSaga<S> {
  task: Task;
  /** Every action the saga dispatched so far, in order. */
  dispatched: Action[];
  /** The state now. */
  state: () => S;
}

/** Starts a saga on a fake store and returns at once: for a test that stops it (`task.cancel()`) or waits on the state. */
export function startSagaOn<S>(store: FakeStore<S>, saga: Saga, ...args: unknown[]): StartedSaga<S> {
  const dispatched: Action[] = [];
  let state = store.state;
  const task = runSaga(
    {
      dispatch: (action: Action) => {
        dispatched.push(action);
        if (store.reduce) state = store.reduce(state, action);
      },
      getState: () => state,
    },
    saga,
    ...args,
  );
  return { task, dispatched, state: () => state };
}

/**
 * Runs a saga (a worker with its action, or any saga with its arguments) to its end on a fake store.
 * The one runner of the saga tests (e.g. `features/checkout/__tests__/sagas.test.ts`).
 */
export async function runSagaOn<S>(store: FakeStore<S>, saga: Saga, ...args: unknown[]): Promise<SagaRun<S>> {
  const started = startSagaOn(store, saga, ...args);
  const result: unknown = await started.task.toPromise();
  return { dispatched: started.dispatched, state: started.state(), result };
}

/** What a saga dispatched, run on a state that never changes (`{}` unless given). */
export async function dispatchedBy(saga: Saga, action?: unknown, state: unknown = {}): Promise<Action[]> {
  const args = action === undefined ? [] : [action];
  return (await runSagaOn({ state }, saga, ...args)).dispatched;
}

/**
 * A fake store whose slice `key` is kept by its reducer (its initial state unless `slice` is given)
 * next to fixed parts (`rest`, e.g. the signed-in user): what a worker that selects its own slice needs.
 */
export function withSlice<K extends keyof RootState>(key: K, reducer: Reducer<RootState[K]>, slice?: RootState[K], rest: object = {}): FakeStore<RootState> {
  return {
    state: { ...rest, [key]: slice ?? reducer(undefined, { type: '@@init' }) } as unknown as RootState,
    reduce: (state, action) => ({ ...state, [key]: reducer(state[key], action) }),
  };
}
