import type { ProfileChanges } from '../../api/accounts';
import type { UserDetails } from '../../api/types';
import type { ProfileFieldValues } from '../../shared/profileFields/ProfileFields';
import type { TimezoneMode } from '../../shared/profileFields/timezones';

type TextField = 'full_name' | 'display_name' | 'what_i_do' | 'country' | 'city';
const TEXT_FIELDS: TextField[] = ['full_name', 'display_name', 'what_i_do', 'country', 'city'];

/** The preferences (docs/calendar.md, docs/keyboard.md): "" week start = the workspace's. */
export const PREFERENCE_FIELDS = ['first_day_of_week', 'clock_format', 'duration_format', 'keyboard_shortcuts_yn'] as const;
type PreferenceField = (typeof PREFERENCE_FIELDS)[number];

/** Edit Profile's values: the shared profile fields (PATCH /me takes no phone number), the zone's mode and the preferences. */
export interface FormValues extends Omit<ProfileFieldValues, 'phone_number'>, Partial<Pick<UserDetails, PreferenceField>> {
  timezoneMode: TimezoneMode;
}

export type AvatarChange = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

/** What to send: the text fields, the zone and the preferences that changed, the photo if it changed. */
export function profileChanges(user: UserDetails, values: FormValues, guess: string, avatar: AvatarChange): ProfileChanges | null {
  const fields: ProfileChanges['fields'] = {};
  for (const key of TEXT_FIELDS) {
    const value = (values[key] ?? '').trim();
    if (value !== (user[key] ?? '')) fields[key] = value;
  }
  const timezone = values.timezoneMode === 'auto' ? guess : values.timezone;
  if (timezone && timezone !== user.timezone) fields.timezone = timezone;
  for (const key of PREFERENCE_FIELDS) {
    const value = values[key];
    if (value !== undefined && value !== user[key]) Object.assign(fields, { [key]: value });
  }
  const changes: ProfileChanges = { fields };
  if (avatar.kind === 'new') changes.avatar = avatar.file;
  if (avatar.kind === 'remove' && user.avatar) changes.avatar = null;
  return Object.keys(fields).length > 0 || 'avatar' in changes ? changes : null;
}

