import dayjs from 'dayjs';
import { todayIn } from '../../shared/zoned';

export const DATE_FORMAT = 'YYYY-MM-DD';
/**
 * Today's date in `timeZone` (a member's work days are dated in their own zone), or in the
 * browser's when none is known.
 */
export const todayIso = (timeZone?: string | null): string => (timeZone ? todayIn(timeZone) : dayjs().format(DATE_FORMAT));
export const shiftDate = (date: string, days: number): string => dayjs(date).add(days, 'day').format(DATE_FORMAT);
/** 'Tuesday, March 10' */
export const headingDate = (date: string): string => dayjs(date).format('dddd, MMMM D');
/** History is grouped by day as YYYY/MM/DD (spec 01 §9). */
export const groupDate = (date: string): string => dayjs(date).format('YYYY/MM/DD');
