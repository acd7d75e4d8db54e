import { fireEvent, screen, waitFor } from '@testing-library/react';
import { runSaga, type Saga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderSettings } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({
  fetchReminderSettings: vi.fn(),
  updateReminderSettings: vi.fn(),
  checkReminderLink: vi.fn(),
  switchReminderOff: vi.fn(),
}));
vi.mock('../../../api/reminders', () => api);
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { feedback } from '../../../shared/feedback';
import { RemindersSection } from '../components/RemindersSection';
import ReminderOffPage from '../pages/ReminderOffPage';
import { changeReminders, SAVED } from '../reminderWorkers';
import { initialRemindersState, remindersActions, remindersReducer } from '../remindersSlice';

const ALL_ON: ReminderSettings = {
  remind_office_start_yn: true,
  remind_checkout_note_yn: true,
  remind_tracker_yn: true,
  remind_closing_yn: true,
  digest_email_yn: true,
  digest_hour: 8,
};
const INVALID = 'This link is not valid any more: it was used already, or your reminders changed since the email.';

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchReminderSettings.mockReset().mockResolvedValue(ALL_ON);
  api.updateReminderSettings.mockReset().mockImplementation(async (body: Partial<ReminderSettings>) => ({ ...ALL_ON, ...body }));
});

describe('reminders slice', () => {
  it('shows a change at once and keeps the switch busy until the answer', () => {
    let state = remindersReducer(initialRemindersState, remindersActions.loaded(ALL_ON));
    state = remindersReducer(state, remindersActions.changeRequested({ remind_tracker_yn: false }));
    expect(state.settings?.remind_tracker_yn).toBe(false);
    expect(state.saving).toEqual(['remind_tracker_yn']);
    state = remindersReducer(state, remindersActions.changed({ settings: { ...ALL_ON, remind_tracker_yn: false }, keys: ['remind_tracker_yn'] }));
    expect(state.saving).toEqual([]);
  });
});

describe('the Reminders group of Edit Profile', () => {
  it('lists each reminder on and saves a switch when flipped', async () => {
    renderWithStore(<RemindersSection />);
    expect(screen.getByTestId('reminders-skeleton')).toBeInTheDocument();
    const tracker = await screen.findByRole('switch', { name: 'Tracker still running at the end of the day' });
    expect(tracker).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Not in the office by the scheduled start' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Morning digest email' })).toBeChecked();
    fireEvent.click(tracker);
    await waitFor(() => expect(api.updateReminderSettings).toHaveBeenCalledWith({ remind_tracker_yn: false }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith(SAVED));
    expect(screen.getByRole('switch', { name: 'Tracker still running at the end of the day' })).not.toBeChecked();
  });

  it('a refused change reads the switches again', async () => {
    const dispatched: Action[] = [];
    api.updateReminderSettings.mockRejectedValueOnce(httpError(400, { digest_hour: ['Choose an hour from 0 to 23.'] }));
    await runSaga(
      { dispatch: (a: Action) => dispatched.push(a), getState: () => ({}) },
      changeReminders as Saga,
      remindersActions.changeRequested({ digest_hour: 30 }),
    ).toPromise();
    expect(dispatched).toEqual([remindersActions.changeFailed(['digest_hour']), remindersActions.loaded(ALL_ON)]);
    expect(feedback.failure).toHaveBeenCalled();
  });
});

describe("a reminder email's switch-off page", () => {
  const render = () =>
    renderWithStore(
      <Routes>
        <Route path="/reminders/off/:token" element={<ReminderOffPage />} />
      </Routes>,
      { route: '/reminders/off/abc:def' },
    );

  it('names the reminder and its owner, and switches it off only with the button', async () => {
    api.checkReminderLink.mockResolvedValue({ email: 'ben@example.com', reminder: 'tracker', label: 'Tracker still running at the end of the day' });
    api.switchReminderOff.mockResolvedValue({ detail: "'Tracker still running at the end of the day' is off.", reminder: 'tracker' });
    render();
    expect(await screen.findByText("Switch off 'Tracker still running at the end of the day'?")).toBeInTheDocument();
    expect(screen.getByText('ben@example.com')).toBeInTheDocument();
    expect(api.checkReminderLink).toHaveBeenCalledWith('abc:def');
    expect(api.switchReminderOff).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Switch it off' }));
    expect(await screen.findByText('Reminder switched off')).toBeInTheDocument();
    expect(api.switchReminderOff).toHaveBeenCalledWith('abc:def');
  });

  it('says when the link was used already', async () => {
    api.checkReminderLink.mockRejectedValue(httpError(400, { token: [INVALID] }));
    render();
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch it off' })).not.toBeInTheDocument();
  });
});
