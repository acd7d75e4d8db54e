import { describe, expect, it } from 'vitest';
import { timeAdjustments, unallocatedSeconds } from '../rules';

describe('manage-task-time popover rules (spec 01 §5)', () => {
  it('enables +10m and +1h only with that much unallocated time', () => {
    expect(timeAdjustments({ unallocated: 599, onTask: 0 })).toMatchObject({ add10m: false, add1h: false, addAllUnallocated: true });
    expect(timeAdjustments({ unallocated: 600, onTask: 0 })).toMatchObject({ add10m: true, add1h: false });
    expect(timeAdjustments({ unallocated: 3599, onTask: 0 })).toMatchObject({ add10m: true, add1h: false });
    expect(timeAdjustments({ unallocated: 3600, onTask: 0 })).toMatchObject({ add10m: true, add1h: true });
  });
  it('enables -10m and -1h only with that much on the task', () => {
    expect(timeAdjustments({ unallocated: 0, onTask: 599 })).toMatchObject({ remove10m: false, remove1h: false });
    expect(timeAdjustments({ unallocated: 0, onTask: 600 })).toMatchObject({ remove10m: true, remove1h: false });
    expect(timeAdjustments({ unallocated: 0, onTask: 3600 })).toMatchObject({ remove10m: true, remove1h: true });
  });
  it('disables add-all-unallocated at zero', () => {
    expect(timeAdjustments({ unallocated: 0, onTask: 5000 }).addAllUnallocated).toBe(false);
    expect(timeAdjustments({ unallocated: 1, onTask: 0 }).addAllUnallocated).toBe(true);
  });
  it('unallocated is work minus allocated, never below zero', () => {
    expect(unallocatedSeconds(7200, 1800)).toBe(5400);
    expect(unallocatedSeconds(600, 900)).toBe(0);
  });
});
