import dayjs from 'dayjs';
import en from 'dayjs/locale/en';
import enUS from 'antd/es/calendar/locale/en_US';
import type { WeekStart } from '../../api/types';

const WEEKDAY: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };

/**
 * The date picker's locale with the user's first day of the week (docs/calendar.md,
 * "Preferences"): English words, the weeks' rows starting on `firstDay`. antd's picker reads the
 * week start from the dayjs locale its `lang.locale` names, so a dayjs locale per week start is
 * registered (once; registering again replaces it with the same object).
 */
export function calendarLocaleFor(firstDay: WeekStart): typeof enUS {
  const name = `en-week-${firstDay}`;
  dayjs.locale({ ...en, name, weekStart: WEEKDAY[firstDay] }, undefined, true);
  return { ...enUS, lang: { ...enUS.lang, locale: name } };
}
