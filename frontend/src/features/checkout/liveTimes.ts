import { createContext, useContext } from 'react';

/** The user's own day numbers as the header shows them at this instant (seconds; null while unknown). */
export interface LiveDayTimes {
  office: number | null;
  pause: number | null;
  tasks: number | null;
  unallocated: number | null;
  tracked: number | null;
}

/**
 * The header's live numbers of the user's own current day, handed in by app/ (it reads the status
 * and tracker slices; features do not import each other). The checkout shows them on the own
 * current day instead of the figures read with the day, so the header, Today's card and the
 * checkout never show the same second two ways (issue 26). Null outside the office shell.
 */
export const LiveTimesContext = createContext<LiveDayTimes | null>(null);

export const useLiveTimes = (): LiveDayTimes | null => useContext(LiveTimesContext);
