import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '@reduxjs/toolkit';
import * as taskTimeApi from '../../../api/taskTime';
import type { GridTask, WeekGrid as WeekGridData } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { WeekGrid, BELOW_ZERO } from '../components/WeekGrid';
import { historyActions } from '../slice';
import { copyLastWeek, NO_WORK_THAT_DAY, saveCell } from '../workers';
import * as feedback from '../../../shared/feedback';
import * as outbox from '../../../api/outbox';
import { outboxActions, outboxReducer, PENDING_TEXT } from '../../../shared/outbox/slice';
import { outboxWrite } from '../../../shared/outbox/sagas';
import { dispatchedBy, runSagaOn, type FakeStore } from '../../../test/sagas';
import { outboxAnswered } from '../sagas';
import { AxiosError } from 'axios';

// The reads are the test's; a typed cell's write is built by the real module and sent (or not) by the outbox.
vi.mock('../../../api/taskTime', async (original) => ({ ...(await original<typeof taskTimeApi>()), fetchWeekGrid: vi.fn() }));
vi.mock('../../../api/outbox', async (original) => ({ ...(await original<typeof outbox>()), sendWrite: vi.fn() }));

const spec: GridTask = { id: 7, title: 'Write the spec', project: 4, project_title: 'Apollo', color: '#13c2c2', task_list: 9, task_list_title: 'Backlog' };
const review: GridTask = { ...spec, id: 8, title: 'Review' };
const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

const grid: WeekGridData = {
  from_date: '2026-11-23',
  to_date: '2026-11-29',
  days: days.map((date, n) => ({ date, work_day: n < 3 ? 100 + n : null, work_seconds: n < 3 ? 4 * 3600 : 0, allocated_seconds: n === 0 ? 3600 : 0, closed: null })),
  rows: [{ task: spec, seconds: [3600, 0, 0, 0, 0, 0, 0], total_seconds: 3600 }],
  work_seconds: 12 * 3600,
  allocated_seconds: 3600,
};

function renderGrid() {
  const store = setupStore();
  store.dispatch(historyActions.gridWeekChosen('2026-11-23'));
  store.dispatch(historyActions.gridLoaded(grid));
  const dispatch = vi.spyOn(store, 'dispatch');
  renderWithStore(<WeekGrid today="2026-11-25" firstDay="monday" />, { store });
  return dispatch;
}

const cell = (task: string, day: string) => screen.getByRole('textbox', { name: `${task}, ${day}` }) as HTMLInputElement;

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
});

describe('the week grid', () => {
  it('shows tasks as rows, days as columns, and the totals', () => {
    renderGrid();
    expect(cell('Write the spec', 'Mon, Nov 23').value).toBe('1h 00m');
    expect(cell('Write the spec', 'Tue, Nov 24').value).toBe('');
    // Days without work and days still to come take no time.
    expect(cell('Write the spec', 'Thu, Nov 26').disabled).toBe(true);
    expect(cell('Write the spec', 'Tue, Nov 24').disabled).toBe(false);
    expect(screen.getByRole('row', { name: /Tasks time/ }).textContent).toContain('1h 00m');
    expect(screen.getByRole('row', { name: /Work time/ }).textContent).toContain('12h 00m');
  });

  it('shows a closed day locked, with why', () => {
    const store = setupStore();
    store.dispatch(historyActions.gridWeekChosen('2026-11-23'));
    const closed = 'This day is in the approved period Mon 16 Nov 2026 to Sun 22 Nov 2026.';
    store.dispatch(historyActions.gridLoaded({ ...grid, days: grid.days.map((day, n) => (n === 1 ? { ...day, closed } : day)) }));
    renderWithStore(<WeekGrid today="2026-11-25" firstDay="monday" />, { store });
    expect(cell('Write the spec', 'Tue, Nov 24').disabled).toBe(true);
    expect(cell('Write the spec', 'Tue, Nov 24').title).toBe(closed);
  });

  it('saves a typed duration with Enter and moves down; +15m adds to what is there', () => {
    const dispatch = renderGrid();
    const monday = cell('Write the spec', 'Mon, Nov 23');
    fireEvent.focus(monday);
    fireEvent.change(monday, { target: { value: '1:30' } });
    fireEvent.keyDown(monday, { key: 'Enter' });
    expect(dispatch).toHaveBeenCalledWith(historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-23', seconds: 5400 }));
    const tuesday = cell('Write the spec', 'Tue, Nov 24');
    fireEvent.change(tuesday, { target: { value: '+15m' } });
    fireEvent.blur(tuesday);
    expect(dispatch).toHaveBeenCalledWith(historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-24', seconds: 900 }));
  });

  it('saves a cell once when Enter moves the focus down (the blur that follows sends nothing more)', () => {
    const store = setupStore();
    store.dispatch(historyActions.gridWeekChosen('2026-11-23'));
    store.dispatch(historyActions.gridLoaded({ ...grid, rows: [...grid.rows, { task: review, seconds: [0, 0, 0, 0, 0, 0, 0], total_seconds: 0 }] }));
    const dispatch = vi.spyOn(store, 'dispatch');
    renderWithStore(<WeekGrid today="2026-11-25" firstDay="monday" />, { store });
    const monday = cell('Write the spec', 'Mon, Nov 23');
    monday.focus();
    fireEvent.change(monday, { target: { value: '0:45' } });
    fireEvent.keyDown(monday, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Review', 'Mon, Nov 23'));
    const saves = dispatch.mock.calls.map(([action]) => action as Action).filter((action) => action.type === 'history/gridCellSaveRequested');
    expect(saves).toEqual([historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-23', seconds: 2700 })]);
  });

  it('says what is accepted for bad input and sends nothing; Escape puts the cell back', () => {
    const dispatch = renderGrid();
    const monday = cell('Write the spec', 'Mon, Nov 23');
    fireEvent.change(monday, { target: { value: 'soon' } });
    fireEvent.keyDown(monday, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toContain('Type a duration like 90 (minutes)');
    expect(monday.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(monday, { target: { value: '-2h' } });
    fireEvent.keyDown(monday, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toContain(BELOW_ZERO);
    fireEvent.keyDown(monday, { key: 'Escape' });
    expect(monday.value).toBe('1h 00m');
    expect(dispatch.mock.calls.map(([action]) => (action as Action).type)).not.toContain('history/gridCellSaveRequested');
  });

  it('moves between cells with the arrow keys', () => {
    renderGrid();
    const monday = cell('Write the spec', 'Mon, Nov 23');
    monday.focus();
    monday.setSelectionRange(monday.value.length, monday.value.length);
    fireEvent.keyDown(monday, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('Write the spec', 'Tue, Nov 24'));
  });

  it('shows a typed time kept offline in its cell, marked pending, until the server has it', () => {
    const store = setupStore();
    store.dispatch(historyActions.gridWeekChosen('2026-11-23'));
    store.dispatch(historyActions.gridLoaded(grid));
    store.dispatch(outboxActions.queued(cellWrite(1800)));
    renderWithStore(<WeekGrid today="2026-11-25" firstDay="monday" />, { store });
    const monday = cell('Write the spec', 'Mon, Nov 23');
    expect(monday.value).toBe('1h 30m');
    expect(monday.title).toBe(PENDING_TEXT);
    expect(monday.getAttribute('aria-describedby')).toContain('week-grid-pending');
    expect(document.getElementById('week-grid-pending')?.textContent).toBe(`${PENDING_TEXT}: 1 change of this week.`);
    expect(cell('Write the spec', 'Tue, Nov 24').title).toBe('');
  });

  it("shows last week's tasks as empty rows after a copy", () => {
    const store = setupStore();
    store.dispatch(historyActions.gridWeekChosen('2026-11-23'));
    store.dispatch(historyActions.gridLoaded(grid));
    renderWithStore(<WeekGrid today="2026-11-25" firstDay="monday" />, { store });
    act(() => void store.dispatch(historyActions.gridCopied([spec, review])));
    expect(cell('Review', 'Mon, Nov 23').value).toBe('');
    expect(screen.getAllByRole('textbox', { name: /^Write the spec, Mon/ })).toHaveLength(1);
  });
});

const stateWith = (copied: GridTask[] = []) => ({
  history: { grid: { weekStart: '2026-11-23', data: grid, loading: false, error: null, copied, saving: null }, range: null, userIds: [], groupBy: 'date' },
  auth: { user: null },
  outbox: outboxReducer(undefined, { type: '@@init' }),
});

/** The write a typed Monday cell of 'Write the spec' makes. */
function cellWrite(seconds: number) {
  return outboxWrite({ kind: 'task_time', ...taskTimeApi.taskTimeChangeWrite({ task: 7, work_day: 100, seconds }), label: `+${seconds / 60}m on Write the spec`, subject: 7 });
}

/** A store whose outbox follows what the saga dispatches (the rest stays as given). */
function storeWith(entries: ReturnType<typeof cellWrite>[] = []): FakeStore<ReturnType<typeof stateWith>> {
  const state = stateWith();
  state.outbox = entries.reduce((kept, write) => outboxReducer(kept, outboxActions.queued(write)), state.outbox);
  return { state, reduce: (now, action) => ({ ...now, outbox: outboxReducer(now.outbox, action) }) };
}

const offline = () => new AxiosError('Network Error', 'ERR_NETWORK');

describe('the week grid workers', () => {
  it('sends the change from what the day holds, with its work day and a key, then reads the grid again', async () => {
    vi.mocked(outbox.sendWrite).mockResolvedValue({});
    vi.mocked(taskTimeApi.fetchWeekGrid).mockResolvedValue(grid);
    const success = vi.spyOn(feedback.feedback, 'success').mockImplementation(() => {});
    const { dispatched, state } = await runSagaOn(storeWith(), saveCell, historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-23', seconds: 5400 }));
    const sent = vi.mocked(outbox.sendWrite).mock.calls[0][0];
    expect(sent).toMatchObject({ kind: 'task_time', method: 'post', url: '/api/work/task_time/', body: { task: 7, work_day: 100, seconds: 1800 }, label: '+30m on Write the spec', subject: 7 });
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(success).toHaveBeenCalledWith('Write the spec: 1h 30m on Mon, Nov 23.');
    expect(taskTimeApi.fetchWeekGrid).toHaveBeenCalledWith({ from_date: '2026-11-23', to_date: '2026-11-29' });
    expect(dispatched).toContainEqual(historyActions.gridLoaded(grid));
    expect(dispatched).toContainEqual(historyActions.gridCellSettled());
    expect(state.outbox.entries).toEqual([]);
  });

  it('keeps the change when the server cannot be reached: pending, no toast, the grid not read', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(offline());
    const open = vi.spyOn(feedback.feedback.message, 'open').mockImplementation(() => {});
    const { dispatched, state } = await runSagaOn(storeWith(), saveCell, historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-23', seconds: 5400 }));
    expect(state.outbox.entries).toHaveLength(1);
    expect(state.outbox.entries[0]).toMatchObject({ body: { task: 7, work_day: 100, seconds: 1800 }, label: '+30m on Write the spec', refusal: null });
    expect(open).not.toHaveBeenCalled();
    expect(taskTimeApi.fetchWeekGrid).not.toHaveBeenCalled();
    expect(dispatched).toContainEqual(historyActions.gridCellSettled());
  });

  it('counts a second edit of the cell from the first one still waiting: together they reach the typed time', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(offline());
    // The server has 1h; 1:30 was typed offline (+30m waits); now 2h is typed: +30m more, not +1h.
    const { state } = await runSagaOn(storeWith([cellWrite(1800)]), saveCell, historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-23', seconds: 7200 }));
    expect(outbox.sendWrite).not.toHaveBeenCalled(); // a write waits: this one queues behind it
    expect(state.outbox.entries.map((entry) => entry.body?.seconds)).toEqual([1800, 1800]);
    expect(state.outbox.entries[1].label).toBe('+30m on Write the spec');
  });

  it('reads the grid again when the outbox delivers or refuses a kept time change', async () => {
    vi.mocked(taskTimeApi.fetchWeekGrid).mockResolvedValue(grid);
    const write = cellWrite(1800);
    const delivered = await runSagaOn(storeWith(), outboxAnswered, outboxActions.delivered({ write, data: {} }));
    expect(delivered.dispatched).toContainEqual(historyActions.gridLoaded(grid));
    const refused = await runSagaOn(storeWith(), outboxAnswered, outboxActions.refused({ write, status: 409, message: 'This day is closed.' }));
    expect(refused.dispatched).toContainEqual(historyActions.gridLoaded(grid));
    expect(taskTimeApi.fetchWeekGrid).toHaveBeenCalledTimes(2);
  });

  it('refuses a day without work before asking the server', async () => {
    const failure = vi.spyOn(feedback.feedback, 'failure').mockImplementation(() => {});
    await dispatchedBy(saveCell, historyActions.gridCellSaveRequested({ task: spec, date: '2026-11-27', seconds: 600 }), stateWith());
    expect(outbox.sendWrite).not.toHaveBeenCalled();
    expect(failure).toHaveBeenCalledWith(NO_WORK_THAT_DAY);
  });

  it("copies last week's tasks that are not shown yet", async () => {
    vi.mocked(taskTimeApi.fetchWeekGrid).mockResolvedValue({ ...grid, from_date: '2026-11-16', rows: [{ task: spec, seconds: [], total_seconds: 0 }, { task: review, seconds: [], total_seconds: 0 }] });
    const dispatched = await dispatchedBy(copyLastWeek, historyActions.gridCopyRequested(), stateWith());
    expect(taskTimeApi.fetchWeekGrid).toHaveBeenCalledWith({ from_date: '2026-11-16', to_date: '2026-11-22' });
    expect(dispatched).toContainEqual(historyActions.gridCopied([review]));
  });
});

