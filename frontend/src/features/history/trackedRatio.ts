/** Tracked time against work time (docs/decisions-history.md, "Tracked time"). */
export interface TrackedRatio {
  /** Whole percent, half rounded up, never capped; null without work time. */
  percent: number | null;
  /** The tracker counted more than the office did: shown as a mismatch, not hidden under 100 %. */
  mismatch: boolean;
}

export function trackedRatio(tracked: number, work: number): TrackedRatio {
  const mismatch = tracked > work;
  if (work <= 0) return { percent: null, mismatch };
  return { percent: Math.floor((200 * tracked + work) / (2 * work)), mismatch };
}
