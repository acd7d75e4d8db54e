import type { ProfileChanges } from '../../api/accounts';
import type { UserDetails } from '../../api/types';
import type { ProfileFieldValues } from '../../shared/profileFields/ProfileFields';
import type { TimezoneMode } from '../../shared/profileFields/timezones';

type TextField = keyof ProfileChanges['fields'];
const TEXT_FIELDS: TextField[] = ['full_name', 'display_name', 'what_i_do', 'country', 'city'];

/** Edit Profile's values: the shared profile fields (PATCH /me takes no phone number) and the zone's mode. */
export interface FormValues extends Omit<ProfileFieldValues, 'phone_number'> {
  timezoneMode: TimezoneMode;
}

export type AvatarChange = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

/** What to send: the text fields that changed, the zone if it changed, the photo if it changed. */
export function profileChanges(user: UserDetails, values: FormValues, guess: string, avatar: AvatarChange): ProfileChanges | null {
  const fields: ProfileChanges['fields'] = {};
  for (const key of TEXT_FIELDS) {
    const value = (values[key] ?? '').trim();
    if (value !== (user[key] ?? '')) fields[key] = value;
  }
  const timezone = values.timezoneMode === 'auto' ? guess : values.timezone;
  if (timezone && timezone !== user.timezone) fields.timezone = timezone;
  const changes: ProfileChanges = { fields };
  if (avatar.kind === 'new') changes.avatar = avatar.file;
  if (avatar.kind === 'remove' && user.avatar) changes.avatar = null;
  return Object.keys(fields).length > 0 || 'avatar' in changes ? changes : null;
}

