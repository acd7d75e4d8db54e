import { api } from './client';
import type { CalendarFeed, CalendarRead } from './types';

export interface CalendarQuery {
  from_date: string;
  to_date: string;
  /** Another member (observers); the caller when absent. */
  user?: number;
}

export async function fetchCalendar(query: CalendarQuery): Promise<CalendarRead> {
  return (await api.get<CalendarRead>('/api/work/calendar/', { params: query })).data;
}

export async function fetchCalendarFeed(): Promise<CalendarFeed> {
  return (await api.get<CalendarFeed>('/api/work/calendar/subscription/')).data;
}

/** A new private address; the old one stops working. */
export async function rotateCalendarFeed(): Promise<CalendarFeed> {
  return (await api.post<CalendarFeed>('/api/work/calendar/subscription/')).data;
}

export async function revokeCalendarFeed(): Promise<void> {
  await api.delete('/api/work/calendar/subscription/');
}
