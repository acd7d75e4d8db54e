import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/checkout';
import { errorsActions } from '../../../shared/errors/slice';
import { runSagaOn, startSagaOn, withSlice } from '../../../test/sagas';
import { checkoutActions, checkoutReducer, dayKey, type CheckoutState } from '../slice';
import { applyDraft, dismissAll, DRAFT_NOT_EMPTY, DRAFT_NOTHING, leave, loadDay, notesChangedElsewhere, saveNotes } from '../workers';
import { checkoutLiveActions } from '../actions';

vi.mock('../../../api/checkout');
vi.mock('../../../shared/feedback', () => ({ TOAST_SECONDS: { success: 3, failure: 6 }, feedback: { failure: vi.fn(), success: vi.fn(), message: { open: vi.fn() } }, failureText: (_: unknown, fallback: string) => fallback }));

const workDay = { id: 7, user: 1, work_date: '2026-11-20', checkout_notes: null } as unknown as api.WorkDay;
const summary = { work_time: 3600, tasks_allocated_time: 0 } as api.WorktimeSummary;

function httpError(status: number, detail = 'Not found.') {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data: { detail } } });
}

/** The fake store of these workers: the checkout slice, kept by its reducer, and the signed-in user. */
const onCheckout = (checkout?: CheckoutState) => withSlice('checkout', checkoutReducer, checkout, { auth: { user: { id: 1 } } });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.fetchWorkDay).mockResolvedValue(workDay);
  vi.mocked(api.fetchDaySummary).mockResolvedValue(summary);
  vi.mocked(api.fetchShifts).mockResolvedValue([]);
  vi.mocked(api.fetchDayTasks).mockResolvedValue([]);
  vi.mocked(api.runCheckoutChecks).mockResolvedValue([]);
});

describe('loading a day', () => {
  it('stores the day under its user and date', async () => {
    const { state } = await runSagaOn(onCheckout(), loadDay, checkoutActions.dayRequested({ userId: 1, date: '2026-11-20' }));
    const entry = state.checkout.days[dayKey(1, '2026-11-20')];
    expect(entry).toMatchObject({ loaded: true, error: null, data: { workDay, summary, shifts: [], tasks: [], checks: [] } });
  });

  it('a refusal (4xx) keeps the server\'s words on the panel and raises no banner', async () => {
    vi.mocked(api.fetchWorkDay).mockRejectedValue(httpError(404, 'No such user.'));
    const { dispatched, state } = await runSagaOn(onCheckout(), loadDay, checkoutActions.dayRequested({ userId: 9, date: '2026-11-20' }));
    expect(state.checkout.days[dayKey(9, '2026-11-20')].error).toBe('The checkout could not be loaded.');
    expect(dispatched.some((a) => a.type === errorsActions.errorRecorded.type)).toBe(false);
  });

  it('a server failure (5xx) goes to the global banner as well', async () => {
    vi.mocked(api.fetchDaySummary).mockRejectedValue(httpError(500, 'Boom'));
    const { dispatched, state } = await runSagaOn(onCheckout(), loadDay, checkoutActions.dayRequested({ userId: 1, date: '2026-11-20' }));
    expect(dispatched).toContainEqual(errorsActions.errorRecorded({ title: 'GET checkout error', message: 'Boom' }));
    expect(state.checkout.days[dayKey(1, '2026-11-20')].error).toBe('The checkout could not be loaded.');
  });

  it('a reader opening a written checkout marks it read', async () => {
    vi.mocked(api.fetchWorkDay).mockResolvedValue({ ...workDay, user: 2, checkout_notes: 'Done' } as api.WorkDay);
    await runSagaOn(onCheckout(), loadDay, checkoutActions.dayRequested({ userId: 2, date: '2026-11-20' }));
    expect(api.markCheckoutsRead).toHaveBeenCalledWith([7]);
  });
});

describe('live events', () => {
  it('a note changed elsewhere reloads the open day showing it, not the one being written', async () => {
    let checkout = checkoutReducer(undefined, checkoutActions.dayLoaded({ key: dayKey(2, '2026-11-20'), data: { workDay, summary, shifts: [], tasks: [], checks: [] } }));
    checkout = checkoutReducer(checkout, checkoutActions.dayShown({ key: dayKey(2, '2026-11-20'), editing: false }));
    await runSagaOn(onCheckout(checkout), notesChangedElsewhere, checkoutLiveActions.notesChangedElsewhere({ workDayId: 7 }));
    expect(api.fetchWorkDay).toHaveBeenCalledWith(2, '2026-11-20');

    vi.mocked(api.fetchWorkDay).mockClear();
    checkout = checkoutReducer(checkout, checkoutActions.dayShown({ key: dayKey(2, '2026-11-20'), editing: true }));
    await runSagaOn(onCheckout(checkout), notesChangedElsewhere, checkoutLiveActions.notesChangedElsewhere({ workDayId: 7 }));
    expect(api.fetchWorkDay).not.toHaveBeenCalled();
  });
});

describe('the note', () => {
  it('saves the text waiting, then reruns the day\'s checks', async () => {
    vi.mocked(api.saveCheckoutNotes).mockResolvedValue({ ...workDay, checkout_notes: 'Hello' } as api.WorkDay);
    const checkout = checkoutReducer(undefined, checkoutActions.notesBlurred({ workDayId: 7, text: 'Hello' }));
    const { state } = await runSagaOn(onCheckout(checkout), saveNotes);
    expect(api.saveCheckoutNotes).toHaveBeenCalledWith(7, 'Hello');
    expect(state.checkout.notes).toMatchObject({ saved: 'Hello', hasPending: false, state: 'saved', inFlight: false });
    expect(api.runCheckoutChecks).toHaveBeenCalledWith(1, '2026-11-20');
  });

  it('a blur with the text the server has sends nothing', () => {
    let checkout = checkoutReducer(undefined, checkoutActions.notesReset({ workDayId: 7, text: 'Same' }));
    checkout = checkoutReducer(checkout, checkoutActions.notesBlurred({ workDayId: 7, text: 'Same' }));
    expect(checkout.notes.hasPending).toBe(false);
  });

  it('a failed save keeps the text and says so; the panel closing stops the retries', async () => {
    vi.mocked(api.saveCheckoutNotes).mockRejectedValue(httpError(503, 'Down'));
    const checkout = checkoutReducer(undefined, checkoutActions.notesBlurred({ workDayId: 7, text: 'Kept' }));
    const { task, dispatched, state } = startSagaOn(onCheckout(checkout), saveNotes);
    await vi.waitFor(() => expect(state().checkout.notes.state).toBe('failed'));
    expect(state().checkout.notes).toMatchObject({ pending: 'Kept', hasPending: true });
    expect(dispatched).toContainEqual(
      errorsActions.errorRecorded({ title: 'Your checkout note is not saved yet; it is kept here and saved again shortly', message: 'Down' }),
    );
    task.cancel();
  });
});

describe('messages and leaving', () => {
  it('Dismiss all clears the messages of the chosen check', async () => {
    const rows = [
      { id: 1, checkout_check: 'checkout_note', work_date: '2026-11-20' },
      { id: 2, checkout_check: 'activity_details', work_date: '2026-11-20' },
    ] as api.CheckoutCheckStatus[];
    vi.mocked(api.dismissAllCheckMessages).mockResolvedValue(1);
    const checkout = checkoutReducer(undefined, checkoutActions.messagesLoaded(rows));
    const { state } = await runSagaOn(onCheckout(checkout), dismissAll, checkoutActions.dismissAllRequested('checkout_note'));
    expect(state.checkout.messages.map((m) => m.id)).toEqual([2]);
    expect(state.checkout.dismissing).toBe(false);
  });

  it('Dismiss all refused (4xx) keeps the messages and raises no banner', async () => {
    vi.mocked(api.dismissAllCheckMessages).mockRejectedValue(httpError(400, 'Choose one of the checks.'));
    const checkout = checkoutReducer(undefined, checkoutActions.messagesLoaded([{ id: 1 } as api.CheckoutCheckStatus]));
    const { dispatched, state } = await runSagaOn(onCheckout(checkout), dismissAll, checkoutActions.dismissAllRequested(null));
    expect(state.checkout.messages).toHaveLength(1);
    expect(dispatched.some((a) => a.type === errorsActions.errorRecorded.type)).toBe(false);
  });

  it('a 409 on leaving shows the failed checks and offers Leave anyway; the second click leaves', async () => {
    vi.mocked(api.leaveThroughCheckout).mockRejectedValueOnce(httpError(409, 'Activity Details for some tasks are missing.'));
    let checkout = checkoutReducer(undefined, checkoutActions.leaveClicked());
    let result = await runSagaOn(onCheckout(checkout), leave);
    expect(api.leaveThroughCheckout).toHaveBeenLastCalledWith(false);
    expect(result.state.checkout.leave.step).toBe('failed');
    expect(api.fetchWorkDay).toHaveBeenCalledWith(1, expect.any(String));

    vi.mocked(api.leaveThroughCheckout).mockResolvedValueOnce({ left_yn: true, checks: [] } as unknown as api.LeaveResult);
    checkout = checkoutReducer(result.state.checkout, checkoutActions.leaveClicked());
    result = await runSagaOn(onCheckout(checkout), leave);
    expect(api.leaveThroughCheckout).toHaveBeenLastCalledWith(true);
    expect(result.state.checkout.leave.step).toBe('left');
  });

  it('a server failure on leaving goes to the banner and nothing changes', async () => {
    vi.mocked(api.leaveThroughCheckout).mockRejectedValueOnce(httpError(502, 'Bad gateway'));
    const checkout = checkoutReducer(undefined, checkoutActions.leaveClicked());
    const { dispatched, state } = await runSagaOn(onCheckout(checkout), leave);
    expect(state.checkout.leave.step).toBe('idle');
    expect(dispatched).toContainEqual(errorsActions.errorRecorded({ title: 'Leave office error', message: 'Bad gateway' }));
  });
});

describe("'Start from my day'", () => {
  const draft: api.NotesDraft = {
    tasks: [{ task_id: 3, title: 'Write the spec', project_title: 'Apollo', seconds: 5400, recording: false }],
    meetings: [],
    open: [],
  };
  const opened = (text: string | null, pending?: string) => {
    let state = checkoutReducer(undefined, checkoutActions.notesReset({ workDayId: 7, text }));
    if (pending !== undefined) state = checkoutReducer(state, checkoutActions.notesBlurred({ workDayId: 7, text: pending }));
    return checkoutReducer(state, checkoutActions.draftRequested({ workDayId: 7 }));
  };

  it('writes the day into an empty note and saves it as the member\'s edit', async () => {
    vi.mocked(api.fetchNotesDraft).mockResolvedValue(draft);
    const { dispatched, state } = await runSagaOn(onCheckout(opened(null)), applyDraft, checkoutActions.draftRequested({ workDayId: 7 }));
    expect(api.fetchNotesDraft).toHaveBeenCalledWith(7);
    const seed = state.checkout.notes.seed;
    expect(seed?.n).toBe(1);
    expect(JSON.parse(seed?.text ?? '{}').blocks.map((b: { text: string }) => b.text)).toEqual(['Worked on', 'Apollo: Write the spec (1h 30m)']);
    expect(dispatched).toContainEqual(checkoutActions.notesBlurred({ workDayId: 7, text: seed?.text ?? '' }));
    expect(state.checkout.notes).toMatchObject({ drafting: false, hasPending: true, pending: seed?.text });
  });

  it('keeps a note that got text meanwhile, and says so', async () => {
    vi.mocked(api.fetchNotesDraft).mockResolvedValue(draft);
    const feedback = (await import('../../../shared/feedback')).feedback;
    const { dispatched, state } = await runSagaOn(onCheckout(opened(null, 'Typed first')), applyDraft, checkoutActions.draftRequested({ workDayId: 7 }));
    expect(state.checkout.notes).toMatchObject({ drafting: false, seed: null, pending: 'Typed first' });
    expect(dispatched.some((a) => a.type === checkoutActions.notesBlurred.type)).toBe(false);
    expect(feedback.message.open).toHaveBeenCalledWith(expect.objectContaining({ type: 'info', content: DRAFT_NOT_EMPTY }));
  });

  it('says when the day has nothing to start from, and writes nothing', async () => {
    vi.mocked(api.fetchNotesDraft).mockResolvedValue({ tasks: [], meetings: [], open: [] });
    const feedback = (await import('../../../shared/feedback')).feedback;
    const { state } = await runSagaOn(onCheckout(opened(null)), applyDraft, checkoutActions.draftRequested({ workDayId: 7 }));
    expect(state.checkout.notes).toMatchObject({ drafting: false, seed: null, hasPending: false });
    expect(feedback.message.open).toHaveBeenCalledWith(expect.objectContaining({ content: DRAFT_NOTHING }));
  });

  it('a failed read ends the wait and tells the member; the note is untouched', async () => {
    vi.mocked(api.fetchNotesDraft).mockRejectedValue(httpError(404));
    const feedback = (await import('../../../shared/feedback')).feedback;
    const { state } = await runSagaOn(onCheckout(opened(null)), applyDraft, checkoutActions.draftRequested({ workDayId: 7 }));
    expect(state.checkout.notes).toMatchObject({ drafting: false, seed: null, hasPending: false });
    expect(feedback.failure).toHaveBeenCalledWith('Your day could not be read for the note.');
  });
});
