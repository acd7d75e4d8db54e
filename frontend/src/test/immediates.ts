// React's scheduler (loaded after this file, which is why it is the first setup file and imports
// nothing) runs its work in Node on setImmediate, one slice after another while work remains.
// This file counts the callbacks still queued, so setup.ts can let them run before the test file's
// environment is torn down, and after that (`closeImmediates`) drops what is still scheduled: a
// timer that fires later (antd's click wave removes its own little React root, a toast ends) would
// otherwise run a render that finds no `window` ('window is not defined' failed a CI run).

type Callback = (...args: unknown[]) => void;
interface NodeImmediates {
  setImmediate?: (callback: Callback, ...args: unknown[]) => unknown;
  clearImmediate?: (handle: unknown) => void;
}

const host = globalThis as unknown as NodeImmediates;
// The platform's own functions, kept once per process: each test file wraps those, not the wrapper
// of a file that ran before it in the same worker.
const NATIVE = Symbol.for('remote-office.test.nativeImmediates');
const store = globalThis as unknown as Record<symbol, NodeImmediates | undefined>;
const platform: NodeImmediates = (store[NATIVE] ??= { setImmediate: host.setImmediate, clearImmediate: host.clearImmediate });

const waiting = new Set<unknown>();
let closed = false;
const schedule = platform.setImmediate;
const cancel = platform.clearImmediate;

if (schedule && cancel) {
  host.setImmediate = (callback, ...args) => {
    const handle: unknown = schedule((...given: unknown[]) => {
      waiting.delete(handle);
      if (!closed) callback(...given);
    }, ...args);
    waiting.add(handle);
    return handle;
  };
  host.clearImmediate = (handle) => {
    waiting.delete(handle);
    cancel(handle);
  };
}

/** How many setImmediate callbacks are queued and not yet run. */
export const waitingImmediates = (): number => waiting.size;

/** The file is done: callbacks that come due from now on do not run. */
export const closeImmediates = (): void => {
  closed = true;
};
