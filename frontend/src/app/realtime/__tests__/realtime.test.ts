import { describe, expect, it } from 'vitest';
import { parseLiveEvent, realtimeActions, reconnectDelayMs, type LiveEvent, type LiveEventName } from '../events';
import { dispatchLiveEvent } from '../dispatch';
import { statusActions } from '../../../features/status/slice';
import { authActions } from '../../../features/auth/slice';
import { teammatesActions } from '../../../features/teammates/slice';
import { calendarLiveActions } from '../../../features/calendar/actions';
import { officeActions } from '../../../features/office/slice';
import { trackerActions } from '../../../features/tracker/slice';
import { timeAccountLiveActions } from '../../../features/timeaccount/actions';
import { checkoutLiveActions } from '../../../features/checkout/actions';
import { workspaceLiveActions } from '../../../features/workspace/actions';
import { dispatchedBy } from '../../../test/sagas';

const event = (fields: Partial<Omit<LiveEvent, 'event' | 'meta'>> & { event?: LiveEventName }): LiveEvent =>
  ({
    event: 'new_status',
    meta: {},
    action: '',
    table_name: '',
    resource_id: null,
    email: 'cy@example.com',
    status: '',
    ...fields,
  }) as LiveEvent;

const dispatchFor = (live: LiveEvent) => dispatchedBy(dispatchLiveEvent, realtimeActions.eventReceived(live), { auth: { email: 'cy@example.com', token: 't' } });

describe('live events', () => {
  it('ignores unparseable messages', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('[1,2]')).toBeNull();
    expect(parseLiveEvent('{"status":"working"}')).toBeNull();
    // Names the backend does not declare (api/events.gen.ts) are dropped too.
    expect(parseLiveEvent('{"event":"section_moved","meta":{}}')).toBeNull();
    expect(parseLiveEvent(42)).toBeNull();
    expect(parseLiveEvent('{"event":"new_status","email":"a@b.c","status":"working"}')).toMatchObject({
      event: 'new_status',
      email: 'a@b.c',
      status: 'working',
      meta: {},
      action: '',
      table_name: '',
      resource_id: null,
    });
    // The stream and its number travel on; a malformed pair is left out.
    expect(parseLiveEvent('{"event":"new_status","stream":"workspace","seq":41}')).toMatchObject({ stream: 'workspace', seq: 41 });
    expect(parseLiveEvent('{"event":"new_status","stream":"other","seq":41}')).not.toHaveProperty('seq');
    expect(parseLiveEvent('{"event":"new_status","stream":"user","seq":"41"}')).not.toHaveProperty('stream');
    expect(parseLiveEvent('{"event":"new_task","meta":{"project_id":1,"task_list_id":2,"section_id":3,"actor_id":4}}')).toMatchObject({
      event: 'new_task',
      meta: { project_id: 1, task_list_id: 2, section_id: 3, actor_id: 4 },
    });
  });

  it('backs off from 1 s to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('applies own status events; every teammate event hands its row to the strip (and status ones the checkout\'s presence dots)', async () => {
    const meta = { user: 4, teammate: null };
    const strip = teammatesActions.liveRowReceived(meta);
    const presence = checkoutLiveActions.presenceChanged();
    const calendar = calendarLiveActions.changedElsewhere();
    // The team page's cards (features/workspace): a presence change or a profile change.
    const team = workspaceLiveActions.teammateChanged({ userId: 4, teammate: null, presence: true });
    const teamProfile = workspaceLiveActions.teammateChanged({ userId: 4, teammate: null, presence: false });
    const live = (fields: Parameters<typeof event>[0]) => event({ ...fields, meta } as Partial<LiveEvent>);
    const account = timeAccountLiveActions.ownStatusChanged();
    expect(await dispatchFor(live({ status: 'taking_break' }))).toEqual([statusActions.changedElsewhere('taking_break'), calendar, account, strip, presence, team]);
    expect(await dispatchFor(live({ status: 'working', email: 'ada@example.com' }))).toEqual([strip, presence, team]);
    expect(await dispatchFor(live({ event: 'user_left_office' }))).toEqual([statusActions.officeLeftElsewhere(), calendar, account, strip, presence, team]);
    expect(await dispatchFor(live({ event: 'user_left_office', email: 'ben@example.com' }))).toEqual([strip, presence, team]);
    expect(await dispatchFor(live({ event: 'teammate_updated', email: 'ben@example.com' }))).toEqual([strip, teamProfile]);
  });

  it('hands the checkout events to the checkout with what they are about', async () => {
    expect(await dispatchFor(event({ event: 'checkout_updated', meta: { work_day_id: 3, user_id: 2 } } as Partial<LiveEvent>))).toEqual([
      checkoutLiveActions.notesChangedElsewhere({ workDayId: 3 }),
    ]);
    expect(await dispatchFor(event({ event: 'checkout_status_updated', meta: { work_day_id: 3, user_id: 2 } } as Partial<LiveEvent>))).toEqual([
      checkoutLiveActions.statusChangedElsewhere({ userId: 2 }),
      workspaceLiveActions.checkoutChanged({ userId: 2 }),
    ]);
    expect(await dispatchFor(event({ event: 'created_or_updated_observable_user' }))).toEqual([checkoutLiveActions.observablesChanged()]);
  });

  it('hands time_account_changed to the working-time account with whom it concerns', async () => {
    expect(await dispatchFor(event({ event: 'time_account_changed', meta: { user_ids: [2], what: 'adjustment' } } as Partial<LiveEvent>))).toEqual([
      timeAccountLiveActions.changed({ userIds: [2] }),
    ]);
  });

  it('reloads the office schedule and an open calendar when calendar entries change', async () => {
    expect(await dispatchFor(event({ event: 'calendar_entries_synced' }))).toEqual([
      officeActions.scheduleRequested(),
      calendarLiveActions.changedElsewhere(),
    ]);
  });

  it('applies new_task_time and reloads the tracker on tracker_state', async () => {
    const meta = { task_id: 7, work_day_id: 3, project_id: 2, seconds_worked: 600 };
    expect(await dispatchFor(event({ event: 'new_task_time', meta } as Partial<LiveEvent>))).toEqual([
      trackerActions.taskTimeChangedElsewhere(meta),
      calendarLiveActions.changedElsewhere(),
    ]);
    const state = { status: 'paused', task_id: 7, last_task_id: 7 };
    expect(await dispatchFor(event({ event: 'tracker_state', meta: state } as Partial<LiveEvent>))).toEqual([
      trackerActions.stateRequested(),
    ]);
  });

  it('reloads the user and follows a sign-out', async () => {
    expect(await dispatchFor(event({ event: 'user_updated' }))).toEqual([authActions.userReloadRequested()]);
    expect(await dispatchFor(event({ event: 'user_logout' }))).toEqual([authActions.signedOut()]);
  });
});
