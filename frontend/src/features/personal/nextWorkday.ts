import dayjs, { type Dayjs } from 'dayjs';

/** The next working day after `today`: Monday to Friday (no schedule is known yet). */
export function nextWorkday(today: Dayjs = dayjs()): Dayjs {
  let day = today.add(1, 'day');
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
  return day;
}

export function nextWorkdayTitle(today: Dayjs = dayjs()): string {
  return `Next Workday (${nextWorkday(today).format('dddd, MMMM D')})`;
}
