import { ContentState, convertFromRaw, convertToRaw, type RawDraftContentState } from 'draft-js';

/** A stored note (draft-js raw JSON, plain text or null) as editor content. */
export function contentOf(notes: string | null): ContentState {
  if (!notes) return ContentState.createFromText('');
  if (notes.trimStart().startsWith('{')) {
    try {
      const raw = JSON.parse(notes) as RawDraftContentState;
      return convertFromRaw({ ...raw, entityMap: raw.entityMap ?? {} });
    } catch {
      // Not a draft document after all: show it as the text it is.
    }
  }
  return ContentState.createFromText(notes);
}

/** Editor content as it is stored: raw JSON, or "" when there is no text. */
export function notesOf(content: ContentState): string {
  return content.hasText() ? JSON.stringify(convertToRaw(content)) : '';
}

/** A URL as typed: a bare domain gets https:// (javascript: and other schemes are refused). */
export function normaliseUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return '';
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.toString() : null;
  } catch {
    return null;
  }
}

