import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api/types';
import { sessionActions, selectPreferencesKey } from '../../shared/session';
import { formatDuration, formatTime, readPreferencesFrom } from '../../shared/time';
import { formatClockIn } from '../../shared/zoned';
import { useAppSelector } from '../../shared/hooks';
import { renderWithStore } from '../../test/render';
import { setupStore } from '../store';

const user = {
  id: 3,
  email: 'cy@example.com',
  timezone: 'Europe/Lisbon',
  first_day_of_week: '',
  workspace_first_day_of_week: 'monday',
  clock_format: '24h',
  duration_format: 'hm',
} as UserDetails;

// 13:30 on Lisbon's wall clock in winter (UTC+0).
const AT = '2026-01-15T13:30:00Z';

/** What a page shows: a duration and a time through the one formatter of each. */
function Shown() {
  useAppSelector(selectPreferencesKey); // the shells key their page on it (OfficeShell)
  return (
    <p data-testid="shown">
      {formatDuration(5_430)} · {formatClockIn(AT, 'Europe/Lisbon')}
    </p>
  );
}

// Starting a session starts the session's reads (the tracker, the side menu, the status), whose
// workers load lazily (shared/lazyWorkers.ts). Here no call is answered (the preferences come from
// the store alone: axios' instance never settles), and each test waits until the lazy code it
// started has loaded: a worker module loading after the file's environment was torn down failed
// the run with an EnvironmentTeardownError.
vi.mock('../../api/http', () => {
  const unanswered = () => new Promise<never>(() => {});
  return { http: { get: unanswered, post: unanswered, put: unanswered, patch: unanswered, delete: unanswered } };
});

afterEach(async () => {
  await vi.dynamicImportSettled();
  readPreferencesFrom(() => null);
});

describe('display preferences come from the store', () => {
  it('shows a duration in both forms and a time on both clocks from the same state', () => {
    const store = setupStore();
    store.dispatch(sessionActions.sessionStarted(user));
    renderWithStore(<Shown />, { store });
    expect(screen.getByTestId('shown')).toHaveTextContent('1h 30m · 13:30');
    expect(formatTime(AT)).toBe(formatClockIn(AT, Intl.DateTimeFormat().resolvedOptions().timeZone));

    act(() => {
      store.dispatch(sessionActions.userReloaded({ ...user, duration_format: 'decimal', clock_format: '12h' }));
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('1.50h · 1:30 PM');
    expect(formatDuration(1_800)).toBe('0.50h');

    act(() => {
      store.dispatch(sessionActions.userReloaded({ ...user, duration_format: 'hm', clock_format: '12h' }));
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('1h 30m · 1:30 PM');

    // Signed out: the defaults again (spec 01 §9's 'Xh YYm', the 24-hour clock).
    act(() => {
      store.dispatch(sessionActions.signedOut());
    });
    expect(formatDuration(5_430)).toBe('1h 30m');
    expect(formatClockIn(AT, 'Europe/Lisbon')).toBe('13:30');
  });

  it('the key the shells redraw on changes with each preference, the week start included', () => {
    const store = setupStore();
    store.dispatch(sessionActions.sessionStarted(user));
    const before = selectPreferencesKey(store.getState());
    store.dispatch(sessionActions.userReloaded({ ...user, workspace_first_day_of_week: 'sunday' }));
    expect(selectPreferencesKey(store.getState())).not.toBe(before);
    const sunday = selectPreferencesKey(store.getState());
    store.dispatch(sessionActions.userReloaded({ ...user, workspace_first_day_of_week: 'sunday', first_day_of_week: 'sunday' }));
    expect(selectPreferencesKey(store.getState())).toBe(sunday);
  });
});
