import { render } from '@testing-library/react';
import { Calendar } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { calendarLocaleFor } from '../weekLocale';

/** The weekday headings of the picker's month, left to right. */
function headings(firstDay: 'monday' | 'sunday' | 'saturday'): string[] {
  const { container, unmount } = render(<Calendar fullscreen={false} value={dayjs('2026-11-25')} locale={calendarLocaleFor(firstDay)} />);
  const names = [...container.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
  unmount();
  return names;
}

describe("the checkout's date picker", () => {
  it("starts its weeks on the user's first day of the week", () => {
    expect(headings('monday')[0]).toBe('Mo');
    expect(headings('sunday')[0]).toBe('Su');
    expect(headings('saturday')[0]).toBe('Sa');
    expect(headings('monday')).toHaveLength(7);
  });
});
