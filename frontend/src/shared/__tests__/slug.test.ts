import { describe, expect, it } from 'vitest';
import { parseRouteId, slugify } from '../slug';

describe('slugify (spec 02 §2)', () => {
  it('lowercases the title', () => {
    expect(slugify('Website')).toBe('website');
  });
  it('replaces each run of whitespace with one hyphen', () => {
    expect(slugify('Launch   the\tsite')).toBe('launch-the-site');
  });
  it('replaces each run of punctuation (and mixed runs) with one hyphen', () => {
    expect(slugify('Q3: Launch, again!')).toBe('q3-launch-again');
    expect(slugify('a.b/c--d')).toBe('a-b-c-d');
    expect(slugify("Ada's  -- list")).toBe('ada-s-list');
  });
  it('keeps letters of any script and digits', () => {
    expect(slugify('Café 2026')).toBe('café-2026');
  });
  it('trims hyphens at the ends', () => {
    expect(slugify('  (Draft) ')).toBe('draft');
  });
});

describe('parseRouteId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('0')).toBeNull();
    expect(parseRouteId('4x')).toBeNull();
    expect(parseRouteId('-1')).toBeNull();
    expect(parseRouteId(undefined)).toBeNull();
  });
});
