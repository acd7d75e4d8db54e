import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Teammate } from '../../../api/types';
import { renderWithStore } from '../../../test/render';
import { teammateRow } from '../../../test/teammates';
import { realtimeActions, type LiveEvent } from '../../../app/realtime/events';
import { dispatchLiveEvent } from '../../../app/realtime/dispatch';
import { TeammatesStrip } from '../components/TeammatesStrip';
import { presenceLabel } from '../presence';
import { lastSeenLabel } from '../lastSeen';
import { teammatesActions } from '../slice';
import { dispatchedBy } from '../../../test/sagas';

// The strip's grid measures itself; jsdom has no ResizeObserver (every cell renders).
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const row = (user: number, name: string, fields: Partial<Teammate> = {}) => teammateRow(user, name, { status: 'working', ...fields });

describe('real presence in the strip (docs/presence.md)', () => {
  it("says 'Working' only while a device is active, then idle, then last seen", () => {
    expect(presenceLabel(row(1, 'Ben', { presence: 'active', presence_since: ago(90) }), NOW)).toBe('Working');
    expect(presenceLabel(row(1, 'Ben', { presence: 'idle', presence_since: ago(12) }), NOW)).toBe('Working · idle 12m');
    expect(presenceLabel(row(1, 'Ben', { status: 'taking_break', presence: 'idle', presence_since: ago(75) }), NOW)).toBe(
      'On a break · idle 1h 15m',
    );
    expect(presenceLabel(row(1, 'Ben', { presence: 'away', presence_since: ago(35) }), NOW)).toBe('Last seen 35m ago');
    // never seen (or hidden by invisible mode): the status as before
    expect(presenceLabel(row(1, 'Ben'), NOW)).toBe('Working');
    // your own row: you are here
    expect(presenceLabel(row(1, 'Ada', { is_self: true, presence: 'idle', presence_since: ago(12) }), NOW)).toBe('Working');
  });

  it('keeps the status of those out of the office and adds when they were last seen', () => {
    const left = row(1, 'Ben', { status: 'out_of_office', presence: 'away', presence_since: ago(180) });
    expect(presenceLabel(left, NOW)).toBe('Schedule to work later');
    expect(lastSeenLabel(left, NOW)).toBe('Last seen 3h ago');
    expect(lastSeenLabel(row(1, 'Ben', { presence: 'active', presence_since: ago(1) }), NOW)).toBeNull();
    expect(lastSeenLabel(row(1, 'Ben'), NOW)).toBeNull();
  });

  it('patches the row when presence_changed arrives: idle, then last seen', async () => {
    const { store } = renderWithStore(<TeammatesStrip />);
    act(() => {
      store.dispatch(teammatesActions.listLoaded([row(1, 'Ada', { is_self: true }), row(2, 'Ben', { presence: 'active', presence_since: ago(30) })]));
    });
    const ben = () => screen.getByTestId('teammate-2');
    expect(ben()).toHaveAccessibleName('Ben: Working');
    expect(ben()).toHaveAttribute('data-presence', 'active');

    act(() => {
      store.dispatch(teammatesActions.rowPatched({ user: 2, teammate: row(2, 'Ben', { presence: 'idle', presence_since: new Date(Date.now() - 12 * 60_000).toISOString() }) }));
    });
    expect(ben()).toHaveAccessibleName('Ben: Working · idle 12m');
    expect(ben()).toHaveAttribute('data-presence', 'idle');

    act(() => {
      store.dispatch(teammatesActions.rowPatched({ user: 2, teammate: row(2, 'Ben', { presence: 'away', presence_since: new Date(Date.now() - 40 * 60_000).toISOString() }) }));
    });
    expect(ben()).toHaveAccessibleName('Ben: Last seen 40m ago');
    expect(ben()).toHaveAttribute('data-presence', 'away');
  });

  it('hands presence_changed to the strip as a row patch', async () => {
    const meta = { user: 2, teammate: row(2, 'Ben', { presence: 'idle', presence_since: ago(10) }) };
    const live = { event: 'presence_changed', meta, action: 'update', table_name: 'user', resource_id: null, email: 'ben@example.com', status: '' } as LiveEvent;
    const dispatched = await dispatchedBy(dispatchLiveEvent, realtimeActions.eventReceived(live), { auth: { email: 'ada@example.com', token: 't' } });
    expect(dispatched).toContainEqual(teammatesActions.liveRowReceived(meta));
  });
});
