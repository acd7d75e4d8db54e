import { describe, expect, it, vi } from 'vitest';
import { createNotesSaver, type SaveState } from '../notesSaver';

/** A hand-run scheduler: retries run only when the test says so (no timers, no waiting on time). */
function manualScheduler() {
  const queue: { run: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    schedule: (run: () => void, ms: number) => {
      const job = { run, ms, cancelled: false };
      queue.push(job);
      return () => {
        job.cancelled = true;
      };
    },
    pending: () => queue.filter((job) => !job.cancelled),
    runNext: async () => {
      const job = queue.find((item) => !item.cancelled);
      if (!job) throw new Error('no retry scheduled');
      job.cancelled = true;
      job.run();
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('saving the checkout note on blur', () => {
  it('saves the text on blur, and not again when nothing changed', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const states: SaveState[] = [];
    const saver = createNotesSaver({ save, onState: (s) => states.push(s), onFailure: vi.fn() });
    saver.reset('old');
    saver.blur('old');
    expect(save).not.toHaveBeenCalled();
    saver.blur('new');
    await flush();
    expect(save).toHaveBeenCalledWith('new');
    expect(states).toEqual(['saving', 'saved']);
    saver.blur('new');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps the text after a failed save, says so once, and retries until it is saved', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const onFailure = vi.fn();
    const states: SaveState[] = [];
    const scheduler = manualScheduler();
    const saver = createNotesSaver({ save, onState: (s) => states.push(s), onFailure, schedule: scheduler.schedule, retryDelaysMs: [10, 20] });
    saver.reset(null);
    saver.blur('my day');
    await flush();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('failed');
    expect(saver.hasUnsaved()).toBe(true);
    expect(scheduler.pending().map((job) => job.ms)).toEqual([10]);

    await scheduler.runNext();
    expect(save).toHaveBeenLastCalledWith('my day');
    expect(onFailure).toHaveBeenCalledTimes(1); // said once, not on every retry
    expect(scheduler.pending().map((job) => job.ms)).toEqual([20]);

    await scheduler.runNext();
    expect(save).toHaveBeenCalledTimes(3);
    expect(states.at(-1)).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
    expect(scheduler.pending()).toEqual([]);
  });

  it('saves the newest text when it changes while a retry waits', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const scheduler = manualScheduler();
    const saver = createNotesSaver({ save, onState: vi.fn(), onFailure: vi.fn(), schedule: scheduler.schedule });
    saver.reset('');
    saver.blur('first');
    await flush();
    saver.blur('second');
    await flush();
    expect(save).toHaveBeenLastCalledWith('second');
    expect(scheduler.pending()).toEqual([]);
    await saver.settled();
    expect(saver.hasUnsaved()).toBe(false);
  });
});
