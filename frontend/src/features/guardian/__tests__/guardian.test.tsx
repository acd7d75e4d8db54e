import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiftPrompt } from '../../../api/types';
import { renderWithStore } from '../../../test/render';

const api = vi.hoisted(() => ({ fetchShiftPrompt: vi.fn(), answerShiftPrompt: vi.fn() }));
vi.mock('../../../api/guardian', () => api);
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

import { feedback } from '../../../shared/feedback';
import { guardianLiveActions } from '../actions';
import { LazyStillWorking } from '../components/LazyStillWorking';
import { guardianActions, guardianReducer } from '../slice';

const asked: ShiftPrompt = {
  id: 7,
  cause: 'quiet',
  state: 'asked',
  message: 'Still working? No activity on any of your devices since 16:42.',
  work_shift: 3,
  shift_start: '2026-03-10T08:00:00Z',
  asked_at: '2026-03-10T17:42:00Z',
  answer_by: '2026-03-10T18:12:00Z',
  last_activity_at: '2026-03-10T16:42:00Z',
  schedule_end: null,
  ended_at: null,
  policy: 'propose',
};
const applied: ShiftPrompt = { ...asked, state: 'applied', policy: 'apply', ended_at: '2026-03-10T18:12:00Z' };

// antd's TextArea (the undo's reason) measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchShiftPrompt.mockReset().mockResolvedValue({ prompt: asked });
  api.answerShiftPrompt.mockReset().mockResolvedValue({ prompt: null });
});

describe('guardian slice', () => {
  it('sends one answer at a time, and only about a prompt it has', () => {
    let state = guardianReducer(undefined, guardianActions.answerRequested({ answer: 'end' }));
    expect(state.answering).toBeNull();
    state = guardianReducer(state, guardianActions.promptLoaded(asked));
    state = guardianReducer(state, guardianActions.answerRequested({ answer: 'end' }));
    state = guardianReducer(state, guardianActions.answerRequested({ answer: 'still_working' }));
    expect(state.answering).toBe('end');
    state = guardianReducer(state, guardianActions.answerSucceeded(null));
    expect(state).toEqual({ prompt: null, answering: null });
  });
});

describe("'Still working?'", () => {
  it('appears when a question is pending and ends the shift at the last activity through the server', async () => {
    const { store } = renderWithStore(<LazyStillWorking />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(guardianLiveActions.promptRequested()); // the page opened, the socket came back
    });
    const dialog = await screen.findByRole('dialog', { name: 'Still working?' });
    expect(dialog).toHaveTextContent('No activity on any of your devices since 16:42.');
    expect(dialog).toHaveTextContent('Without an answer by 18:12, ending your shift at 16:42 will be proposed.');

    fireEvent.click(screen.getByRole('button', { name: 'No, end at my last activity' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Still working?' })).not.toBeInTheDocument());
    expect(api.answerShiftPrompt).toHaveBeenCalledWith(7, { answer: 'end', reason: '' });
    expect(feedback.success).toHaveBeenCalledWith('Your shift ended at 16:42, your last activity.');
  });

  it("'Yes, still working' answers and closes", async () => {
    const { store } = renderWithStore(<LazyStillWorking />);
    act(() => {
      store.dispatch(guardianLiveActions.promptRequested());
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, still working' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.answerShiftPrompt).toHaveBeenCalledWith(7, { answer: 'still_working', reason: '' });
  });

  it('after an automatic end: undo needs a reason', async () => {
    api.fetchShiftPrompt.mockResolvedValue({ prompt: applied });
    const { store } = renderWithStore(<LazyStillWorking />);
    act(() => {
      store.dispatch(guardianLiveActions.promptRequested());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your shift was ended' });
    expect(dialog).toHaveTextContent('Your shift was ended at 16:42, your last activity (automatic: no activity since 16:42).');
    fireEvent.click(screen.getByRole('button', { name: 'Undo…' }));
    const undo = screen.getByRole('button', { name: 'Undo the end' });
    expect(undo).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Why was the automatic end wrong?'), { target: { value: 'I was on a call' } });
    fireEvent.click(undo);
    await waitFor(() => expect(api.answerShiftPrompt).toHaveBeenCalledWith(7, { answer: 'undo', reason: 'I was on a call' }));
    expect(feedback.success).toHaveBeenCalledWith('The automatic end was undone: the time is back in your shift.');
  });

  it('a refused answer (answered on another device) says why and shows what is pending now', async () => {
    api.answerShiftPrompt.mockRejectedValue(httpError(400, { answer: ['This question has already been answered.'] }));
    const { store } = renderWithStore(<LazyStillWorking />);
    act(() => {
      store.dispatch(guardianLiveActions.promptRequested());
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, still working' }));
    api.fetchShiftPrompt.mockResolvedValue({ prompt: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(feedback.failure).toHaveBeenCalledWith('This question has already been answered.');
    expect(api.fetchShiftPrompt).toHaveBeenCalledTimes(2);
  });
});
