import { describe, expect, it, vi } from 'vitest';
import { call, put } from 'redux-saga/effects';
import { calendarImportTooltip } from '../../../shared/calendarImport';
import { calendarDate, importCalendar, loadSchedule } from '../sagas';
import { officeActions } from '../slice';
import { syncCalendarSchedule } from '../../../api/work';
import { formatTime } from '../../../shared/time';

vi.mock('../../../api/work');

const state = (over: Partial<NonNullable<Parameters<typeof calendarImportTooltip>[0]>> = {}) => ({
  configured: true,
  last_import_at: null,
  last_failure_at: null,
  failed: false,
  last_error: '',
  ...over,
});

describe('the calendar import tooltip (spec 01 §8)', () => {
  it('is absent without a calendar feed', () => {
    expect(calendarImportTooltip(null)).toBeNull();
    expect(calendarImportTooltip(state({ configured: false }))).toBeNull();
  });

  it('names the last import, or the failure when the latest one failed', () => {
    const at = '2026-11-24T08:05:00Z';
    expect(calendarImportTooltip(state({ last_import_at: at }))).toBe(`Last import at ${formatTime(at)} - Click to Reload`);
    expect(calendarImportTooltip(state({ last_import_at: at, last_failure_at: '2026-11-24T09:15:00Z', failed: true }))).toBe(
      `Calendar import failed at ${formatTime('2026-11-24T09:15:00Z')} - Click to Reload`,
    );
    expect(calendarImportTooltip(state())).toBe('Click to Reload');
  });
});

describe('Reload', () => {
  it('imports today and the next 13 days as YYYYMMDD, then reads the schedule again', () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 25, 10, 0) });
    const saga = importCalendar();
    expect(saga.next().value).toEqual(call(syncCalendarSchedule, { start_date: '20261225', end_date: '20270107' }));
    expect(saga.next([]).value).toEqual(put(officeActions.calendarImportFinished()));
    expect(saga.next().value).toEqual(call(loadSchedule));
    vi.useRealTimers();
    expect(calendarDate(new Date(2026, 0, 5))).toBe('20260105');
  });

  it('reports a failed import and still reads the schedule (the tooltip then says it failed)', () => {
    const saga = importCalendar();
    saga.next();
    const reported = saga.throw(new Error('502')).value as ReturnType<typeof call>;
    expect(reported.payload.args[1]).toBe('Synchronize calendar entries error');
    expect(saga.next().value).toEqual(put(officeActions.calendarImportFinished()));
    expect(saga.next().value).toEqual(call(loadSchedule));
  });
});
