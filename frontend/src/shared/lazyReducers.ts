import type { Action, Reducer } from '@reduxjs/toolkit';

// Slices whose code loads with their feature's first chunk, not with the entry (the sign-in
// page's budget, bench/bundle/budget.json). A slice module registers its reducer when it is
// evaluated; the store (app/store.ts) runs every registered reducer under its key and is told to
// initialise a newcomer at once, so a slice's state exists before any of its selectors run
// (they import the slice module). Actions dispatched before that are not the slice's concern:
// its saga workers, which load the slice, reload what they need.

type StoredReducer = (state: unknown, action: Action) => unknown;

const originals = new Map<string, unknown>();
const registered = new Map<string, StoredReducer>();
const listeners = new Set<() => void>();

export function registerLazyReducer<S>(key: string, reducer: Reducer<S, Action>): void {
  if (originals.get(key) === reducer) return;
  originals.set(key, reducer);
  // The store keeps this key's state only for this reducer: it is always an S or undefined.
  registered.set(key, (state, action) => reducer(state as S | undefined, action));
  for (const listener of listeners) listener();
}

export function lazyReducers(): ReadonlyMap<string, StoredReducer> {
  return registered;
}

/** The store's hook: called when a slice registers after the store was made. */
export function onLazyReducerRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const LAZY_REDUCER_REGISTERED = '@@lazy/reducerRegistered';
