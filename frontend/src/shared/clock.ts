import { useEffect, useSyncExternalStore } from 'react';

/**
 * One clock for every live duration on screen (the header, the office page, Today's bars, the
 * task cards and their manage-time popovers): they all read the same instant, so the same seconds
 * give the same text everywhere (docs/time-accounting.md, "Durations on screen"). It ticks every
 * second while a reader asks for seconds (a running task tracker), else every minute.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let fastReaders = 0;
let timer: number | undefined;
let period = 0;

function restart(): void {
  const wanted = listeners.size === 0 ? 0 : fastReaders > 0 ? 1000 : 60_000;
  if (wanted === period) return;
  if (timer !== undefined) window.clearInterval(timer);
  timer = undefined;
  period = wanted;
  if (wanted === 0) return;
  timer = window.setInterval(tick, wanted);
}

function tick(): void {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) now = Date.now(); // nobody read the old instant
  listeners.add(listener);
  restart();
  return () => {
    listeners.delete(listener);
    restart();
  };
}

const snapshot = () => now;

/** The shared clock's instant (ms); `fast` asks for a tick every second instead of every minute. */
export function useClock(fast: boolean): number {
  useEffect(() => {
    if (!fast) return undefined;
    fastReaders += 1;
    restart();
    tick(); // everyone moves to the same fresh instant
    return () => {
      fastReaders -= 1;
      restart();
    };
  }, [fast]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Tests: move the shared clock to `at` (ms) and tell every reader. */
export function setClockForTest(at: number): void {
  now = at;
  listeners.forEach((listener) => listener());
}
