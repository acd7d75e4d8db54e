import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga, stdChannel } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import * as api from '../../../api/notifications';
import type { Notification } from '../../../api/types';
import { rootReducer, type RootState } from '../../../app/store';
import { notificationsSaga } from '../sagas';
import { notificationsActions } from '../slice';

const item = (id: number, unread = true): Notification =>
  ({ id, unread, datetime: `2026-11-24T0${id}:00:00Z`, kind: 'activity_submitted', text: `Note ${id}`, actor: null, project: null, list: null, task: null }) as Notification;

/** The real reducer and the notifications saga, with the API calls spied on. */
function start() {
  let state: RootState = rootReducer(undefined, { type: '@@init' });
  const channel = stdChannel();
  const dispatched: Action[] = [];
  const dispatch = (action: Action) => {
    dispatched.push(action);
    state = rootReducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, notificationsSaga);
  dispatch(notificationsActions.listLoaded({ results: [item(1), item(2), item(3), item(4, false)], unread_count: 3 }));
  return { dispatch, dispatched, getState: () => state, stop: () => task.cancel() };
}

afterEach(() => vi.restoreAllMocks());

describe('notifications popover: read on scroll, sent once on close (spec 01 §2)', () => {
  it('collects the unread items scrolled into view and marks them in one call when it closes', async () => {
    const mark = vi.spyOn(api, 'markNotificationsRead').mockResolvedValue({ marked_ids: [1, 2], unread_count: 1 });
    const one = vi.spyOn(api, 'markNotificationRead');
    const app = start();
    app.dispatch(notificationsActions.popoverOpened());
    app.dispatch(notificationsActions.itemSeen(1));
    app.dispatch(notificationsActions.itemSeen(2));
    app.dispatch(notificationsActions.itemSeen(1)); // seen again: once
    app.dispatch(notificationsActions.itemSeen(4)); // already read: not sent
    expect(mark).not.toHaveBeenCalled(); // nothing is sent while it is open
    expect(app.getState().notifications.items.entities[1]?.unread).toBe(true);

    app.dispatch(notificationsActions.popoverClosed());
    await vi.waitFor(() => expect(app.getState().notifications.unreadCount).toBe(1));
    expect(mark).toHaveBeenCalledTimes(1);
    expect(mark).toHaveBeenCalledWith([1, 2]);
    expect(one).not.toHaveBeenCalled();
    const entities = app.getState().notifications.items.entities;
    expect([entities[1]?.unread, entities[2]?.unread, entities[3]?.unread]).toEqual([false, false, true]);
    app.stop();
  });

  it('sends nothing when nothing new was seen, and forgets what a closed popover saw', async () => {
    const mark = vi.spyOn(api, 'markNotificationsRead').mockResolvedValue({ marked_ids: [], unread_count: 3 });
    const app = start();
    app.dispatch(notificationsActions.popoverOpened());
    app.dispatch(notificationsActions.popoverClosed());
    app.dispatch(notificationsActions.itemSeen(3)); // closed: not collected
    app.dispatch(notificationsActions.popoverOpened());
    app.dispatch(notificationsActions.popoverClosed());
    await Promise.resolve();
    expect(mark).not.toHaveBeenCalled();
    app.stop();
  });

  it('keeps the items unread when the call fails', async () => {
    vi.spyOn(api, 'markNotificationsRead').mockRejectedValue(new Error('offline'));
    const app = start();
    app.dispatch(notificationsActions.popoverOpened());
    app.dispatch(notificationsActions.itemSeen(3));
    app.dispatch(notificationsActions.popoverClosed());
    await vi.waitFor(() => expect(app.dispatched.some((action) => action.type === 'errors/errorRecorded')).toBe(true));
    expect(app.getState().notifications.items.entities[3]?.unread).toBe(true);
    expect(app.getState().notifications.unreadCount).toBe(3);
    app.stop();
  });

  it('a read on another device clears the items and the badge here', () => {
    const app = start();
    app.dispatch(notificationsActions.markedRead({ ids: [], all: true, unreadCount: 0 }));
    expect(app.getState().notifications.unreadCount).toBe(0);
    expect(Object.values(app.getState().notifications.items.entities).every((row) => !row?.unread)).toBe(true);
    app.stop();
  });
});
