import { initialsOf } from './initials';

/**
 * Avatar colours: ten hues dark enough for white initials (contrast 4.5:1 or more) and far
 * enough apart to tell teammates apart. Status rings sit outside the avatar on a white gap, so
 * they read on every one of them.
 */
export const AVATAR_COLORS = [
  '#1d4ed8',
  '#7c3aed',
  '#be123c',
  '#047857',
  '#b45309',
  '#0e7490',
  '#4338ca',
  '#a21caf',
  '#15803d',
  '#c2410c',
] as const;

/** The person an avatar shows: any of the API's user shapes (workspace user, teammate, member). */
export interface AvatarPerson {
  id: number;
  full_name?: string | null;
  display_name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

/** The same colour for the same user everywhere and on every visit: chosen by the user's id. */
export function avatarColor(seed: number | string): string {
  const index = typeof seed === 'number' ? Math.abs(Math.trunc(seed)) : hash(seed);
  return AVATAR_COLORS[index % AVATAR_COLORS.length];
}

/** The name an avatar is made from: the full name, else the display name, else the email. */
export function avatarName(person: Omit<AvatarPerson, 'id'>): string {
  return (person.full_name || person.display_name || person.email || '').trim();
}

/** The initials an avatar shows: the first letters of the first two words of `avatarName`. */
export function avatarInitials(person: Omit<AvatarPerson, 'id'>): string {
  return initialsOf(avatarName(person));
}
