import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';

/**
 * Saga workers in a lazy chunk: the feature's watchers start with the store, and the first action
 * that needs a worker fetches the chunk (with the API calls the workers make), so the sign-in page
 * does not carry them (bench/bundle/budget.json).
 */
export function lazyWorkers<W extends object>(load: () => Promise<W>) {
  let loaded: Promise<W> | null = null;
  const module = () => (loaded ??= load());
  return (name: keyof W & string) =>
    function* run(action: Action): SagaIterator {
      const workers: W = yield call(module);
      const worker = workers[name] as unknown as (action: Action) => SagaIterator;
      yield call(worker, action);
    };
}
