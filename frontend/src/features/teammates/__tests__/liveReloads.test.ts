import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga, stdChannel } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import * as api from '../../../api/accounts';
import type { Teammate } from '../../../api/types';
import { rootReducer, type RootState } from '../../../app/store';
import { LIVE_RELOAD_DEBOUNCE_MS, MAX_RELOAD_PAUSE_MS, reloadPause, teammatesSaga } from '../sagas';
import { teammatesActions } from '../slice';

const row = (user: number): Teammate => ({ user, display_name: `M${user}`, status: 'working' }) as Teammate;
const team = (size: number) => Array.from({ length: size }, (_, i) => row(i + 1));

/** The real reducer and the teammates saga, the strip already shown with `size` rows. */
function start(size: number) {
  let state: RootState = rootReducer(undefined, { type: '@@init' });
  const channel = stdChannel();
  const dispatch = (action: Action) => {
    state = rootReducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, teammatesSaga);
  dispatch(teammatesActions.listLoaded(team(size)));
  return { dispatch, stop: () => task.cancel() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('live changes reload the teammates strip, paced by its size', () => {
  it('reloads a small team once per burst, and again for a change after it', async () => {
    const fetch = vi.spyOn(api, 'fetchTeammates').mockResolvedValue(team(3));
    const app = start(3);
    for (let i = 0; i < 5; i++) app.dispatch(teammatesActions.liveChangeReceived());
    await vi.advanceTimersByTimeAsync(LIVE_RELOAD_DEBOUNCE_MS + 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(reloadPause(3) + 1);
    app.dispatch(teammatesActions.liveChangeReceived());
    await vi.advanceTimersByTimeAsync(LIVE_RELOAD_DEBOUNCE_MS + 1);
    expect(fetch).toHaveBeenCalledTimes(2);
    app.stop();
  });

  it('reloads a team of 500 at most once per pause while changes keep coming, and after the last', async () => {
    const fetch = vi.spyOn(api, 'fetchTeammates').mockResolvedValue(team(500));
    const app = start(500);
    expect(reloadPause(500)).toBe(MAX_RELOAD_PAUSE_MS);
    for (let elapsed = 0; elapsed < 12_000; elapsed += 100) {
      app.dispatch(teammatesActions.liveChangeReceived()); // someone enters every 100 ms
      await vi.advanceTimersByTimeAsync(100);
    }
    // 120 changes in 12 s: three reloads (at 0.3 s, 5.6 s, 10.9 s), not one per change.
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(MAX_RELOAD_PAUSE_MS + LIVE_RELOAD_DEBOUNCE_MS + 1);
    expect(fetch).toHaveBeenCalledTimes(4); // the changes after the last reload are shown too
    await vi.advanceTimersByTimeAsync(3 * MAX_RELOAD_PAUSE_MS);
    expect(fetch).toHaveBeenCalledTimes(4); // then quiet: nothing more
    app.stop();
  });

  it('does not load a strip that was never shown', async () => {
    const fetch = vi.spyOn(api, 'fetchTeammates').mockResolvedValue(team(3));
    let state: RootState = rootReducer(undefined, { type: '@@init' });
    const channel = stdChannel();
    const task = runSaga(
      {
        channel,
        dispatch: (action: Action) => {
          state = rootReducer(state, action);
          channel.put(action);
        },
        getState: () => state,
      },
      teammatesSaga,
    );
    channel.put(teammatesActions.liveChangeReceived());
    await vi.advanceTimersByTimeAsync(LIVE_RELOAD_DEBOUNCE_MS + 1);
    expect(fetch).not.toHaveBeenCalled();
    task.cancel();
  });
});
