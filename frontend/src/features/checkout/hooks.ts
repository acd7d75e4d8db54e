import { useEffect } from 'react';
import type { DateStatus } from '../../api/checkout';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { todayIso } from './dates';
import {
  selectDateStatuses,
  selectDay,
  selectMessages,
  selectNext,
  selectNotes,
  selectObservable,
  selectObservers,
  selectPerson,
} from './selectors';
import { checkoutActions, dayKey, EMPTY_DAY, type DayData } from './slice';

export interface CheckoutDay {
  key: string;
  data: DayData;
  /** True until the day of this user and date is in (another user or date shows loading at once). */
  loading: boolean;
  error: string | null;
}

/**
 * One user's day as the checkout shows it: asked for when the user or date changes, reloaded by the
 * live events about it (workers.ts) unless `editing` (the owner's editor is the newest text).
 */
export function useCheckoutDay(userId: number, date: string, editing = false): CheckoutDay {
  const dispatch = useAppDispatch();
  const key = dayKey(userId, date);
  const entry = useAppSelector((state) => selectDay(state, key));
  useEffect(() => {
    dispatch(checkoutActions.dayRequested({ userId, date }));
  }, [dispatch, userId, date]);
  useEffect(() => {
    dispatch(checkoutActions.dayShown({ key, editing }));
  }, [dispatch, key, editing]);
  useEffect(() => () => void dispatch(checkoutActions.dayHidden(key)), [dispatch, key]);
  return { key, data: entry?.data ?? EMPTY_DAY, loading: !entry?.loaded, error: entry?.error ?? null };
}

/** The day statuses of one user from `from` to `to` (null until loaded); live updates reload them. */
export function useDateStatuses(userId: number, from: string, to: string): DateStatus[] | null {
  const dispatch = useAppDispatch();
  const rows = useAppSelector((state) => selectDateStatuses(state, userId, from, to));
  useEffect(() => {
    if (userId) dispatch(checkoutActions.dateStatusesRequested({ userId, from, to }));
  }, [dispatch, userId, from, to]);
  return rows;
}

/** Another user's details (the history header). */
export function usePerson(userId: number, wanted: boolean) {
  const dispatch = useAppDispatch();
  const person = useAppSelector((state) => selectPerson(state, userId));
  useEffect(() => {
    if (wanted) dispatch(checkoutActions.personRequested(userId));
  }, [dispatch, userId, wanted]);
  return wanted ? person : null;
}

/** Who reads the user's checkout (their own checkout's avatars). */
export function useObservers(wanted: boolean) {
  const dispatch = useAppDispatch();
  const observers = useAppSelector(selectObservers);
  useEffect(() => {
    if (wanted) dispatch(checkoutActions.observersRequested());
  }, [dispatch, wanted]);
  return wanted ? observers : [];
}

/** The user's failed, undismissed messages of recent earlier days (the banner). */
export function useCheckMessages(wanted: boolean) {
  const dispatch = useAppDispatch();
  const messages = useAppSelector(selectMessages);
  useEffect(() => {
    if (wanted) dispatch(checkoutActions.messagesRequested());
  }, [dispatch, wanted]);
  return wanted ? messages : [];
}

/** Today's and the next workday's schedule (the user's own current day). */
export function useNextWorkday(wanted: boolean) {
  const dispatch = useAppDispatch();
  const next = useAppSelector(selectNext);
  useEffect(() => {
    if (wanted) dispatch(checkoutActions.nextRequested());
  }, [dispatch, wanted]);
  return wanted ? next : null;
}

/** 'Shared with you': the members whose checkout the viewer reads (null until loaded). */
export function useObservable() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectObservable);
  useEffect(() => {
    dispatch(checkoutActions.observableRequested());
  }, [dispatch]);
  return rows;
}

/**
 * Today for `userId`'s checkout: the date in their own zone (the viewer's own; an observed
 * member's from the members shared with the viewer), else the viewer's.
 */
export function useTodayOf(userId: number): string {
  const me = useAppSelector((state) => state.auth.user);
  const theirs = useAppSelector((state) => selectObservable(state)?.find((row) => row.observed_user.id === userId)?.observed_user.timezone);
  return todayIso(userId === me?.id ? me.timezone : (theirs ?? me?.timezone));
}

/** The note being written on this work day: its save state; the editor opens on the server's text. */
/**
 * 'Start from my day' on this day's note: whether the note is empty (nothing saved or waiting),
 * whether the draft is being read, and the text the editor reopens with once one was written in.
 */
export function useNotesDraft(workDayId: number | null) {
  const notes = useAppSelector(selectNotes);
  const mine = notes.workDayId === workDayId;
  return {
    empty: !mine || !(notes.hasPending ? notes.pending : notes.saved),
    drafting: mine && notes.drafting,
    seed: mine ? notes.seed : null,
  };
}

export function useNotes(workDayId: number | null, text: string | null) {
  const dispatch = useAppDispatch();
  const notes = useAppSelector(selectNotes);
  useEffect(() => {
    if (workDayId !== null) dispatch(checkoutActions.notesReset({ workDayId, text }));
    // Only when the day changes: a saved text must not reset a newer one being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, workDayId]);
  useEffect(() => () => void dispatch(checkoutActions.notesStopped()), [dispatch]);
  return notes.workDayId === workDayId ? notes.state : 'saved';
}
