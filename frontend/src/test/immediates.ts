// Counts the setImmediate callbacks still waiting to run. React's scheduler (loaded after this file,
// which is why it is the first setup file and imports nothing) runs its work in Node on
// setImmediate, one slice after another while work remains; setup.ts waits until none is left
// before the file's environment is torn down, or the last slice finds no `window`.

type Callback = (...args: unknown[]) => void;
interface NodeImmediates {
  setImmediate?: (callback: Callback, ...args: unknown[]) => unknown;
  clearImmediate?: (handle: unknown) => void;
}

const host = globalThis as unknown as NodeImmediates;
const waiting = new Set<unknown>();
const schedule = host.setImmediate;
const cancel = host.clearImmediate;

if (schedule && cancel) {
  host.setImmediate = (callback, ...args) => {
    const handle: unknown = schedule((...given: unknown[]) => {
      waiting.delete(handle);
      callback(...given);
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
