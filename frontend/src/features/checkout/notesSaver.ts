/**
 * Saving the checkout note on blur (spec 01 §4): the text is never lost. A failed save keeps the
 * text, says so once, and retries with a growing delay until it is saved or a newer text replaces it.
 */
export type SaveState = 'saved' | 'saving' | 'failed';

export interface NotesSaverOptions {
  save: (text: string | null) => Promise<unknown>;
  onState: (state: SaveState) => void;
  onFailure: (error: unknown) => void;
  /** The scheduler of retries (setTimeout by default; tests pass their own). */
  schedule?: (run: () => void, ms: number) => () => void;
  retryDelaysMs?: number[];
}

const defaultSchedule = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export function createNotesSaver({
  save,
  onState,
  onFailure,
  schedule = defaultSchedule,
  retryDelaysMs = [2000, 5000, 15000, 30000],
}: NotesSaverOptions) {
  let saved: string | null | undefined;
  let pending: string | null | undefined;
  let attempt = 0;
  let cancelRetry: (() => void) | null = null;
  let inFlight = false;
  let stopped = false;
  let last: Promise<void> = Promise.resolve();

  const run = async () => {
    cancelRetry = null;
    if (stopped || inFlight || pending === undefined) return;
    const text = pending;
    inFlight = true;
    onState('saving');
    const saving = save(text);
    last = saving.then(
      () => undefined,
      () => undefined,
    );
    try {
      await saving;
      saved = text;
      attempt = 0;
      if (pending === text) pending = undefined;
      inFlight = false;
      if (pending !== undefined) return void run();
      onState('saved');
    } catch (error) {
      inFlight = false;
      if (stopped) return;
      if (attempt === 0) onFailure(error);
      onState('failed');
      const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)];
      attempt += 1;
      cancelRetry = schedule(() => void run(), delay);
    }
  };

  return {
    /** The text the server has (what the editor opened with). */
    reset(text: string | null) {
      saved = text;
      pending = undefined;
      attempt = 0;
      cancelRetry?.();
      cancelRetry = null;
    },
    /** The editor lost focus with this text: save it unless the server has it already. */
    blur(text: string | null) {
      if (text === saved && pending === undefined) return;
      pending = text;
      cancelRetry?.();
      cancelRetry = null;
      attempt = 0;
      void run();
    },
    /** Resolves once the save in flight (if any) is over, saved or not. */
    settled: () => last,
    /** Whether a text is waiting to be saved (the page warns before it is left). */
    hasUnsaved: () => pending !== undefined,
    stop() {
      stopped = true;
      cancelRetry?.();
    },
  };
}
