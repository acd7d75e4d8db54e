import { describe, expect, it } from 'vitest';
import { MESSAGES, lastActiveText, locationText, parseConfig } from '../memberForm';

describe('the member forms’ helpers', () => {
  it('reads a configuration as a JSON object, nothing, or a message', () => {
    expect(parseConfig('')).toEqual({ value: null });
    expect(parseConfig('  {"title": "Toggl"} ')).toEqual({ value: { title: 'Toggl' } });
    expect(parseConfig('[1, 2]').error).toBe(MESSAGES.configNotJson);
    expect(parseConfig('{title').error).toBe(MESSAGES.configNotJson);
  });

  it('shows last active as now, a date and time, or never', () => {
    const now = new Date(2026, 2, 10, 9, 0);
    expect(lastActiveText(null, now)).toBe('Never');
    expect(lastActiveText(new Date(2026, 2, 10, 8, 59).toISOString(), now)).toBe('Active now');
    expect(lastActiveText(new Date(2026, 2, 1, 7, 5).toISOString(), now)).toBe('2026-03-01 07:05');
  });

  it('joins the city and the country, skipping what is missing', () => {
    expect(locationText({ city: 'Lisbon', country: 'Portugal' })).toBe('Lisbon, Portugal');
    expect(locationText({ city: '', country: 'Canada' })).toBe('Canada');
    expect(locationText({ city: '', country: '' })).toBe('');
  });
});
