import dayjs, { type Dayjs } from 'dayjs';

/** The next Monday-to-Friday day after `today`: the guess when no schedule is known. */
export function nextWeekday(today: Dayjs = dayjs()): Dayjs {
  let day = today.add(1, 'day');
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
  return day;
}

/** 'Next Workday (dddd, MMMM D)': the scheduled next workday, else the next weekday. */
export function nextWorkdayTitle(scheduledDate: string | null, today: Dayjs = dayjs()): string {
  const day = scheduledDate ? dayjs(scheduledDate) : nextWeekday(today);
  return `Next Workday (${day.format('dddd, MMMM D')})`;
}
