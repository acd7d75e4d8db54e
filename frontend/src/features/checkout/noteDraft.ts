import type { NotesDraft } from '../../api/checkout';
import { formatDuration, formatTimeIn } from '../../shared/time';

// Draft-js's stored form (notesFormat.ts reads it); written here without draft-js so this file stays
// out of the editor's chunk.
interface RawBlock {
  key: string;
  text: string;
  type: 'unstyled' | 'unordered-list-item';
  depth: 0;
  inlineStyleRanges: { offset: number; length: number; style: 'BOLD' }[];
  entityRanges: never[];
  data: Record<string, never>;
}

const block = (key: string, text: string, type: RawBlock['type'], bold = false): RawBlock => ({
  key,
  text,
  type,
  depth: 0,
  inlineStyleRanges: bold ? [{ offset: 0, length: text.length, style: 'BOLD' }] : [],
  entityRanges: [],
  data: {},
});

const named = (title: string, project: string) => (project ? `${project}: ${title}` : title);

/**
 * The day as a note to start from (docs/checkout.md "Starting the note from the day"): a bold heading
 * and a bulleted list for each part that has something; null when the day has nothing to say.
 * Times are the member's own zone's; durations are the one duration formatter's.
 */
export function draftNotes(draft: NotesDraft, timeZone: string): string | null {
  const parts: [string, string[]][] = [
    [
      'Worked on',
      draft.tasks.map((t) => `${named(t.title, t.project_title)} (${formatDuration(t.seconds)}${t.recording ? ', tracker running' : ''})`),
    ],
    ['Meetings', draft.meetings.map((m) => `${formatTimeIn(m.start, timeZone)} – ${formatTimeIn(m.end, timeZone)} ${m.title}`)],
    ['Still open', draft.open.map((t) => `${named(t.title, t.project_title)}${t.next_shift ? ' (next shift)' : ''}`)],
  ];
  const blocks: RawBlock[] = [];
  for (const [heading, lines] of parts) {
    if (lines.length === 0) continue;
    blocks.push(block(`h${blocks.length}`, heading, 'unstyled', true));
    for (const line of lines) blocks.push(block(`l${blocks.length}`, line, 'unordered-list-item'));
  }
  return blocks.length ? JSON.stringify({ blocks, entityMap: {} }) : null;
}
