// The shift guardian (issue 32, docs/guardian.md): the member's pending 'Still working?' and their answer.
import { api } from './client';
import type { ShiftPromptAnswer, ShiftPromptState } from './types';

export async function fetchShiftPrompt(): Promise<ShiftPromptState> {
  return (await api.get<ShiftPromptState>('/api/work/shift_prompt/')).data;
}

export async function answerShiftPrompt(id: number, body: ShiftPromptAnswer): Promise<ShiftPromptState> {
  return (await api.post<ShiftPromptState>(`/api/work/shift_prompt/${id}/answer/`, body)).data;
}
