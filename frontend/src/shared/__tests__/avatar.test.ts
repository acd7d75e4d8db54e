import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, avatarInitials } from '../avatar';

describe('avatar colour', () => {
  it('is stable per user: the same id gives the same colour on every call', () => {
    expect(avatarColor(7)).toBe(avatarColor(7));
    expect(avatarColor('Acme Remote')).toBe(avatarColor('Acme Remote'));
  });

  it('gives consecutive users distinct colours from the palette', () => {
    const colors = [1, 2, 3, 4, 5].map((id) => avatarColor(id));
    expect(new Set(colors).size).toBe(5);
    for (const color of colors) expect(AVATAR_COLORS).toContain(color);
  });

  it('is dark enough for white initials (contrast 4.5:1 or more) for every colour', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const color of AVATAR_COLORS) expect(1.05 / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('avatar initials', () => {
  it('come from the first two words of the full name, everywhere the same', () => {
    expect(avatarInitials({ full_name: 'Ada Lovelace', display_name: 'Ada' })).toBe('AL');
    expect(avatarInitials({ full_name: 'ben  van der berg', display_name: 'Ben' })).toBe('BV');
  });

  it('fall back to the display name, then the email', () => {
    expect(avatarInitials({ full_name: '', display_name: 'Cy' })).toBe('C');
    expect(avatarInitials({ full_name: '', display_name: '', email: 'dee@example.com' })).toBe('D');
    expect(avatarInitials({})).toBe('');
  });
});
