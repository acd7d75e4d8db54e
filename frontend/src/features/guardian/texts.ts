import type { ShiftPrompt } from '../../api/types';

/** Why the guardian asks (the prompt's cause), with the times in the member's own zone and clock. */
export function promptText(prompt: ShiftPrompt, time: (iso: string) => string): string {
  const since = time(prompt.last_activity_at);
  switch (prompt.cause) {
    case 'overrun':
      return `Your shift runs past your schedule${prompt.schedule_end ? ` (it ended at ${time(prompt.schedule_end)})` : ''}. No activity since ${since}.`;
    case 'tracker':
      return `Your task timer is running, but none of your devices has been used since ${since}.`;
    case 'quiet':
      return `No activity on any of your devices since ${since}.`;
  }
}

/** What happens without an answer, or what already happened (proposed, applied). */
export function outcomeText(prompt: ShiftPrompt, time: (iso: string) => string): string {
  const since = time(prompt.last_activity_at);
  if (prompt.state === 'applied') return `Your shift was ended at ${since}, your last activity (automatic: no activity since ${since}).`;
  if (prompt.state === 'proposed') return `No answer came in time: ending your shift at ${since}, your last activity, is proposed.`;
  if (prompt.policy === 'off') return 'Nothing changes without an answer.';
  return prompt.policy === 'apply'
    ? `Without an answer by ${time(prompt.answer_by)}, your shift ends at ${since}.`
    : `Without an answer by ${time(prompt.answer_by)}, ending your shift at ${since} will be proposed.`;
}
