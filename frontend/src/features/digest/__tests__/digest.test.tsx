import { screen } from '@testing-library/react';
import { runSaga, type Saga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Digest, DigestMember } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ fetchDigest: vi.fn() }));
vi.mock('../../../api/digest', () => api);

import { hoursText, shiftDate } from '../format';
import DigestPage from '../pages/DigestPage';
import { digestActions, digestReducer, initialDigestState } from '../slice';
import { loadDigest, NOT_YOURS } from '../workers';

const ben: DigestMember = {
  user_id: 2,
  display_name: 'Ben',
  state: 'checked_out',
  work_day: 41,
  note_lines: ['Shipped the invoice export', 'Reviewed two pull requests'],
  failed_checks: [{ check: 'unallocated_time', label: 'Unallocated time', critical: true }],
  worked_seconds: 7 * 3600,
  expected_seconds: 8 * 3600,
  time_off_today: null,
};
const cy: DigestMember = {
  ...ben,
  user_id: 3,
  display_name: 'Cy',
  state: 'no_work_day',
  work_day: null,
  note_lines: [],
  failed_checks: [],
  worked_seconds: 0,
  time_off_today: { type: 'Sick', half_day: false },
};
const DIGEST: Digest = {
  date: '2026-03-10',
  today: '2026-03-11',
  counts: { checked_out: 1, not_checked_out: 0, still_in_office: 0, no_work_day: 1 },
  members: [ben, cy],
};

function httpError(status: number) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data: { detail: 'Not found.' } } });
}

beforeEach(() => {
  api.fetchDigest.mockReset().mockResolvedValue(DIGEST);
});

describe('digest helpers', () => {
  it('moves a date by whole days across months and years', () => {
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('says hours against the target, or a day off', () => {
    expect(hoursText({ worked_seconds: 7 * 3600, expected_seconds: 8 * 3600 })).toBe('7h 00m of 8h 00m');
    expect(hoursText({ worked_seconds: 0, expected_seconds: 0 })).toBe('Day off');
    expect(hoursText({ worked_seconds: 7 * 3600 + 15 * 60, expected_seconds: 0 })).toBe('7h 15m, no hours expected');
  });
});

describe('digest worker and slice', () => {
  it('a viewer who reads no digest gets the reason, not an error banner', async () => {
    const dispatched: Action[] = [];
    api.fetchDigest.mockRejectedValueOnce(httpError(404));
    await runSaga({ dispatch: (a: Action) => dispatched.push(a), getState: () => ({}) }, loadDigest as Saga, digestActions.loadRequested(null)).toPromise();
    expect(dispatched).toEqual([digestActions.loadFailed({ message: NOT_YOURS, notFound: true })]);
    const state = digestReducer({ ...initialDigestState, digest: DIGEST }, dispatched[0] as ReturnType<typeof digestActions.loadFailed>);
    expect(state.digest).toBeNull();
    expect(state.notFound).toBe(true);
  });
});

describe('the digest page', () => {
  it('shows each member: state, hours, the note, failed checks and time off today', async () => {
    renderWithStore(<DigestPage />, { route: '/digest?date=2026-03-10' });
    const card = await screen.findByRole('article', { name: 'Ben' });
    expect(api.fetchDigest).toHaveBeenCalledWith('2026-03-10');
    expect(card).toHaveTextContent('Checked out');
    expect(card).toHaveTextContent('7h 00m of 8h 00m');
    expect(card).toHaveTextContent('Shipped the invoice export');
    expect(card).toHaveTextContent('Unallocated time failed');
    expect(screen.getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/checkout?user=2&date=2026-03-10');
    const off = screen.getByRole('article', { name: 'Cy' });
    expect(off).toHaveTextContent('No work day');
    expect(off).toHaveTextContent('Off today: Sick');
    expect(screen.getByLabelText('Summary')).toHaveTextContent('1 checked out');
  });

  it('tells a member who reads no digest', async () => {
    api.fetchDigest.mockRejectedValue(httpError(404));
    renderWithStore(<DigestPage />, { route: '/digest' });
    expect(await screen.findByText('No digest for you')).toBeInTheDocument();
    expect(screen.getByText(NOT_YOURS)).toBeInTheDocument();
  });
});
