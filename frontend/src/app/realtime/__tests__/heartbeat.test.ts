import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../heartbeat';

/** A socket that records what the tab sends. */
function fakeSocket() {
  const target = new EventTarget();
  const sent: unknown[] = [];
  const socket = Object.assign(target, {
    readyState: WebSocket.OPEN,
    send: (text: string) => sent.push(JSON.parse(text)),
  }) as unknown as WebSocket;
  const answer = (every: number) => target.dispatchEvent(new MessageEvent('message', { data: `{"type":"heartbeat","every":${every}}` }));
  return { socket, sent, answer };
}

describe('the heartbeat of a tab (docs/presence.md)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats at once, then at the interval the server gives; active only with input since the last beat', () => {
    const { socket, sent, answer } = fakeSocket();
    const stop = startHeartbeat(socket);
    expect(sent).toEqual([{ type: 'heartbeat', active: true }]); // a tab opened shown: the person is there
    answer(5);
    vi.advanceTimersByTime(5_000);
    expect(sent.at(-1)).toEqual({ type: 'heartbeat', active: false }); // no input since
    expect(sent).toHaveLength(2);

    // back: the first input after an inactive beat sends one at once
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(sent).toHaveLength(3);
    expect(sent.at(-1)).toEqual({ type: 'heartbeat', active: true });
    document.dispatchEvent(new KeyboardEvent('keydown')); // already told: nothing more now
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(5_000);
    expect(sent.at(-1)).toEqual({ type: 'heartbeat', active: true });

    stop();
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(4);
  });
});
