import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../../api/types';
import { checkAvatar } from '../avatar';
import { profileChanges, type FormValues } from '../changes';
import { initialTimezoneMode, timezoneOptions } from '../../../shared/profileFields/timezones';

const user = {
  full_name: 'Cy Tanaka',
  display_name: 'Cy',
  what_i_do: 'Product designer',
  country: 'Iceland',
  city: 'Reykjavik',
  timezone: 'Atlantic/Reykjavik',
  avatar: 'http://x/media/a.png',
  first_day_of_week: '',
  workspace_first_day_of_week: 'monday',
  clock_format: '24h',
  duration_format: 'hm',
} as UserDetails;

const values = (fields: Partial<FormValues> = {}): FormValues => ({
  full_name: user.full_name,
  display_name: user.display_name,
  what_i_do: user.what_i_do,
  country: user.country,
  city: user.city,
  timezone: user.timezone,
  timezoneMode: 'manual',
  first_day_of_week: user.first_day_of_week,
  clock_format: user.clock_format,
  duration_format: user.duration_format,
  ...fields,
});

describe('profile save sends only what changed', () => {
  it('sends nothing when nothing changed', () => {
    expect(profileChanges(user, values(), 'UTC', { kind: 'keep' })).toBeNull();
  });

  it('sends changed fields, trimmed', () => {
    expect(profileChanges(user, values({ city: ' Osaka ', full_name: 'Cy Tanaka' }), 'UTC', { kind: 'keep' })).toEqual({ fields: { city: 'Osaka' } });
  });

  it('takes the browser zone in Auto mode', () => {
    expect(profileChanges(user, values({ timezoneMode: 'auto' }), 'Asia/Tokyo', { kind: 'keep' })).toEqual({ fields: { timezone: 'Asia/Tokyo' } });
  });

  it('sends the preferences that changed, the workspace default as ""', () => {
    expect(profileChanges(user, values({ clock_format: '12h', duration_format: 'decimal' }), 'UTC', { kind: 'keep' })).toEqual({
      fields: { clock_format: '12h', duration_format: 'decimal' },
    });
    expect(profileChanges(user, values({ first_day_of_week: 'sunday' }), 'UTC', { kind: 'keep' })).toEqual({ fields: { first_day_of_week: 'sunday' } });
    const sunday = { ...user, first_day_of_week: 'sunday' } as UserDetails;
    expect(profileChanges(sunday, values({ first_day_of_week: '' }), 'UTC', { kind: 'keep' })).toEqual({ fields: { first_day_of_week: '' } });
  });

  it('sends a new photo, or its removal', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(profileChanges(user, values(), 'UTC', { kind: 'new', file, url: 'blob:x' })).toEqual({ fields: {}, avatar: file });
    expect(profileChanges(user, values(), 'UTC', { kind: 'remove' })).toEqual({ fields: {}, avatar: null });
    expect(profileChanges({ ...user, avatar: null }, values(), 'UTC', { kind: 'remove' })).toBeNull();
  });
});

describe('avatar check', () => {
  it('accepts png and jpeg up to 1048576 bytes', () => {
    expect(checkAvatar({ type: 'image/png', size: 1_048_576 })).toBeNull();
    expect(checkAvatar({ type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses larger files and other types', () => {
    expect(checkAvatar({ type: 'image/png', size: 1_048_577 })).toEqual({
      title: 'File size too large',
      description: 'Please make sure the image size is less than 1MB.',
    });
    expect(checkAvatar({ type: 'image/gif', size: 10 })?.title).toBe('Wrong file type');
  });
});

describe('timezone options', () => {
  const now = new Date('2026-01-15T12:05:00Z');

  it("read '(UTC offset) location time', sorted by offset", () => {
    const options = timezoneOptions(now);
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('(UTC+09:00) Asia/Tokyo 21:05');
    expect(timezoneOptions(now, ['Asia/Kolkata']).find((o) => o.value === 'Asia/Kolkata')?.label).toBe('(UTC+05:30) Asia/Kolkata 17:35');
    expect(options.find((o) => o.value === 'Europe/Lisbon')?.label).toBe('(UTC+00:00) Europe/Lisbon 12:05');
    const offsets = options.map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('forces Manual when the saved zone is not the guess', () => {
    expect(initialTimezoneMode('Europe/Lisbon', 'Europe/Lisbon')).toBe('auto');
    expect(initialTimezoneMode('Europe/Lisbon', 'UTC')).toBe('manual');
  });
});
