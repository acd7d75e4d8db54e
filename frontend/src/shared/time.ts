import { useEffect, useState } from 'react';
import dayjs from 'dayjs';

/** The current time, refreshed every `intervalMs` (the start-work clock uses 10 s). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

export const formatClock = (date: Date): string => dayjs(date).format('HH:mm');
export const formatLongDate = (date: Date): string => dayjs(date).format('dddd, MMMM D');
