import { describe, expect, it } from 'vitest';
import { draftNotes } from '../noteDraft';
import { contentOf } from '../notesFormat';

describe('the day as a note to start from', () => {
  const draft = {
    tasks: [
      { task_id: 1, title: 'Write the spec', project_title: 'Apollo', seconds: 5400, recording: false },
      { task_id: 2, title: 'Review', project_title: '', seconds: 1500, recording: true },
    ],
    // 23:30 – 23:45 in Toronto on a March evening is 03:30 – 03:45 UTC the next day.
    meetings: [{ title: 'Late sync', start: '2026-03-11T03:30:00Z', end: '2026-03-11T03:45:00Z' }],
    open: [
      { task_id: 4, title: 'Ship it', project_title: 'Apollo', next_shift: true },
      { task_id: 5, title: 'Call the client', project_title: 'Apollo', next_shift: false },
    ],
  };

  it('has a bold heading and a bulleted list per part, times in the member\'s zone, durations formatted once', () => {
    const content = contentOf(draftNotes(draft, 'America/Toronto'));
    const blocks = content.getBlocksAsArray().map((b) => [b.getType(), b.getText(), b.getInlineStyleAt(0).has('BOLD')]);
    expect(blocks).toEqual([
      ['unstyled', 'Worked on', true],
      ['unordered-list-item', 'Apollo: Write the spec (1h 30m)', false],
      ['unordered-list-item', 'Review (25m, tracker running)', false],
      ['unstyled', 'Meetings', true],
      ['unordered-list-item', '23:30 – 23:45 Late sync', false],
      ['unstyled', 'Still open', true],
      ['unordered-list-item', 'Apollo: Ship it (next shift)', false],
      ['unordered-list-item', 'Apollo: Call the client', false],
    ]);
  });

  it('leaves out the parts with nothing, and is null for an empty day', () => {
    const onlyOpen = contentOf(draftNotes({ ...draft, tasks: [], meetings: [] }, 'UTC'));
    expect(onlyOpen.getBlocksAsArray()[0].getText()).toBe('Still open');
    expect(draftNotes({ tasks: [], meetings: [], open: [] }, 'UTC')).toBeNull();
  });
});
