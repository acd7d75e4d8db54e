import type { Section } from '../../api/types';

/** The server's words for an empty name (apps/projects/serializers/sections.py). */
export const SECTION_NAME_REQUIRED = 'Enter the section name.';
/** A name another section of the same list has (spec 02 §5: a new section name cannot repeat one). */
export const SECTION_NAME_TAKEN = 'The list already has a section with this name.';
export const SECTION_NAME_MAX = 120;

/** A section name as the server stores it: runs of spaces become one, no spaces around. */
export const cleanSectionName = (name: string): string => name.split(/\s+/).filter(Boolean).join(' ');

/** The message for a section's new name, or null when it can be saved. Repeats ignore case. */
export function sectionNameError(name: string, sections: Pick<Section, 'id' | 'title'>[], sectionId: number): string | null {
  const clean = cleanSectionName(name);
  if (!clean) return SECTION_NAME_REQUIRED;
  const lower = clean.toLowerCase();
  if (sections.some((s) => s.id !== sectionId && s.title.toLowerCase() === lower)) return SECTION_NAME_TAKEN;
  return null;
}
