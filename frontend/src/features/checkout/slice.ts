import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CheckoutCheckId,
  CheckoutCheckStatus,
  DateStatus,
  NextCalendarSchedule,
  ObservableUser,
  Observer,
  UserDetails,
  WorkDay,
  WorkDayTaskTime,
  WorkShift,
  WorktimeSummary,
} from '../../api/checkout';
import type { CheckoutTaskCreate, CreatedTask } from '../../api/checkout';
import type { Project, Section, TaskList } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';
import { leaveReducer, type LeaveState } from './rules';

/** One user's day as the checkout shows it. */
export interface DayData {
  workDay: WorkDay | null;
  summary: WorktimeSummary | null;
  shifts: WorkShift[];
  tasks: WorkDayTaskTime[];
  checks: CheckoutCheckStatus[];
}

export const EMPTY_DAY: DayData = { workDay: null, summary: null, shifts: [], tasks: [], checks: [] };

export interface DayEntry {
  data: DayData;
  /** False until the first answer for this user and date. */
  loaded: boolean;
  /** Why the day could not be loaded (the server's words for a 4xx), shown on the panel. */
  error: string | null;
}

export type SaveState = 'saved' | 'saving' | 'failed' | 'pending';

/** The note of the day being written (spec 01 §4): the text is never lost. */
export interface NotesState {
  workDayId: number | null;
  /** The text the server has. */
  saved: string | null;
  /** A newer text waiting to be saved (`hasPending`), kept through failed saves. */
  pending: string | null;
  hasPending: boolean;
  state: SaveState;
  /** A save call is in flight (leaving the office waits for it). */
  inFlight: boolean;
  /** 'Start from my day': the draft is being read. */
  drafting: boolean;
  /** The text the editor reopens with after a draft was written into it (`n` re-keys the editor). */
  seed: { n: number; text: string } | null;
}

export interface CheckoutState {
  /** `${userId}|${date}` -> the day. */
  days: Record<string, DayEntry>;
  /** The days on screen, and whether the owner is writing in them (a live reload skips those). */
  open: Record<string, { editing: boolean }>;
  people: Record<number, UserDetails>;
  observers: Observer[];
  /** `${userId}|${from}|${to}` -> the day statuses of that range. */
  dateStatuses: Record<string, DateStatus[]>;
  /** The user's failed, undismissed messages of earlier days (the banner). */
  messages: CheckoutCheckStatus[];
  dismissing: boolean;
  next: NextCalendarSchedule | null;
  creating: boolean;
  leave: LeaveState;
  notes: NotesState;
  /** 'Shared with you': null until loaded. */
  observable: ObservableUser[] | null;
  taskForm: TaskFormState;
}

/** Rows loaded for one choice (`key`: the project of the lists, the list of the sections). */
export interface Choices<Row> {
  key: number | null;
  rows: Row[];
  loading: boolean;
}

/** Create task (spec 01 §2, §5): the choices the form offers and the create call's state. */
export interface TaskFormState {
  projects: Choices<Project>;
  lists: Choices<TaskList>;
  sections: Choices<Section>;
  saving: boolean;
  /** Why the task was not created (the server's words for a refusal, or the form's own), on the form. */
  problem: string | null;
  /** The last task created (the form clears its name and position when it changes). */
  created: CreatedTask | null;
}

/** A create call: what the server gets, and the section's title for the success toast. */
export interface TaskCreate {
  body: Required<{ [K in keyof CheckoutTaskCreate]: NonNullable<CheckoutTaskCreate[K]> }>;
  sectionTitle: string;
}

const noChoices = { key: null, rows: [], loading: false };
const emptyTaskForm: TaskFormState = { projects: noChoices, lists: noChoices, sections: noChoices, saving: false, problem: null, created: null };

const emptyNotes: NotesState = {
  workDayId: null,
  saved: null,
  pending: null,
  hasPending: false,
  state: 'saved',
  inFlight: false,
  drafting: false,
  seed: null,
};

const initialState: CheckoutState = {
  days: {},
  open: {},
  people: {},
  observers: [],
  dateStatuses: {},
  messages: [],
  dismissing: false,
  next: null,
  creating: false,
  leave: { step: 'idle' },
  notes: emptyNotes,
  observable: null,
  taskForm: emptyTaskForm,
};

export const dayKey = (userId: number, date: string) => `${userId}|${date}`;
export const rangeKey = (userId: number, from: string, to: string) => `${userId}|${from}|${to}`;

export interface DayRef {
  userId: number;
  date: string;
}

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    // --- the day ------------------------------------------------------------------------------
    dayRequested(_state, _action: PayloadAction<DayRef>) {},
    dayLoaded(state, action: PayloadAction<{ key: string; data: DayData }>) {
      state.days[action.payload.key] = { data: action.payload.data, loaded: true, error: null };
    },
    dayFailed(state, action: PayloadAction<{ key: string; error: string }>) {
      state.days[action.payload.key] = { data: EMPTY_DAY, loaded: true, error: action.payload.error };
    },
    /** The day's checks again (after a note was saved, or by the leave call). */
    checksLoaded(state, action: PayloadAction<{ workDayId: number; checks: CheckoutCheckStatus[] }>) {
      for (const entry of Object.values(state.days)) {
        if (entry.data.workDay?.id === action.payload.workDayId) entry.data.checks = action.payload.checks;
      }
    },
    dayShown(state, action: PayloadAction<{ key: string; editing: boolean }>) {
      state.open[action.payload.key] = { editing: action.payload.editing };
    },
    dayHidden(state, action: PayloadAction<string>) {
      delete state.open[action.payload];
    },
    createRequested(state, _action: PayloadAction<DayRef>) {
      state.creating = true;
    },
    createFinished(state) {
      state.creating = false;
    },
    // --- create task ----------------------------------------------------------------------------
    /** The form opened: it offers the active projects. */
    taskFormOpened(state) {
      state.taskForm = { ...emptyTaskForm, projects: { key: null, rows: [], loading: true } };
    },
    taskProjectsLoaded(state, action: PayloadAction<Project[]>) {
      state.taskForm.projects = { key: null, rows: action.payload, loading: false };
    },
    /** A project was chosen: its lists load (a newer choice wins). */
    taskListsRequested(state, action: PayloadAction<number>) {
      state.taskForm.lists = { key: action.payload, rows: [], loading: true };
      state.taskForm.sections = noChoices;
    },
    taskListsLoaded(state, action: PayloadAction<{ key: number; rows: TaskList[] }>) {
      if (state.taskForm.lists.key === action.payload.key) state.taskForm.lists = { ...action.payload, loading: false };
    },
    /** A list was chosen, or a task was created in it (n grew): its sections load. */
    taskSectionsRequested(state, action: PayloadAction<number>) {
      const same = state.taskForm.sections.key === action.payload;
      // While a reload of the same list runs, its rows stay (the chosen section stays chosen).
      state.taskForm.sections = { key: action.payload, rows: same ? state.taskForm.sections.rows : [], loading: true };
    },
    taskSectionsLoaded(state, action: PayloadAction<{ key: number; rows: Section[] }>) {
      if (state.taskForm.sections.key === action.payload.key) state.taskForm.sections = { ...action.payload, loading: false };
    },
    /** A choice could not be loaded: it offers nothing (the failure was told). */
    taskChoicesFailed(state, action: PayloadAction<'projects' | 'lists' | 'sections'>) {
      state.taskForm[action.payload].loading = false;
    },
    taskCreateRequested(state, _action: PayloadAction<TaskCreate>) {
      state.taskForm.saving = true;
      state.taskForm.problem = null;
    },
    taskCreated(state, action: PayloadAction<CreatedTask>) {
      state.taskForm.saving = false;
      state.taskForm.created = action.payload;
    },
    taskCreateFailed(state, action: PayloadAction<string | null>) {
      state.taskForm.saving = false;
      state.taskForm.problem = action.payload;
    },
    /** What the form itself found missing (nothing is sent), or null to clear it. */
    taskProblemShown(state, action: PayloadAction<string | null>) {
      state.taskForm.problem = action.payload;
    },
    // --- around the day ---------------------------------------------------------------------
    personRequested(_state, _action: PayloadAction<number>) {},
    personLoaded(state, action: PayloadAction<UserDetails>) {
      state.people[action.payload.id] = action.payload;
    },
    observersRequested() {},
    observersLoaded(state, action: PayloadAction<Observer[]>) {
      state.observers = action.payload;
    },
    dateStatusesRequested(_state, _action: PayloadAction<{ userId: number; from: string; to: string }>) {},
    dateStatusesLoaded(state, action: PayloadAction<{ key: string; rows: DateStatus[] }>) {
      state.dateStatuses[action.payload.key] = action.payload.rows;
    },
    nextRequested() {},
    nextLoaded(state, action: PayloadAction<NextCalendarSchedule | null>) {
      state.next = action.payload;
    },
    // --- the earlier days' messages ------------------------------------------------------------
    messagesRequested() {},
    messagesLoaded(state, action: PayloadAction<CheckoutCheckStatus[]>) {
      state.messages = action.payload;
    },
    dismissRequested(_state, _action: PayloadAction<number>) {},
    dismissed(state, action: PayloadAction<number>) {
      state.messages = state.messages.filter((row) => row.id !== action.payload);
    },
    dismissAllRequested(state, _action: PayloadAction<CheckoutCheckId | null>) {
      state.dismissing = true;
    },
    allDismissed(state, action: PayloadAction<CheckoutCheckId | null>) {
      const check = action.payload;
      state.messages = check ? state.messages.filter((row) => row.checkout_check !== check) : [];
      state.dismissing = false;
    },
    dismissAllFailed(state) {
      state.dismissing = false;
    },
    // --- the note -------------------------------------------------------------------------------
    /** The editor opened on this day's text (the server's). */
    notesReset(state, action: PayloadAction<{ workDayId: number; text: string | null }>) {
      if (state.notes.workDayId === action.payload.workDayId && state.notes.hasPending) return;
      state.notes = { ...emptyNotes, workDayId: action.payload.workDayId, saved: action.payload.text };
    },
    /** The editor lost focus with this text: saved unless the server has it already. */
    notesBlurred(state, action: PayloadAction<{ workDayId: number; text: string | null }>) {
      const { workDayId, text } = action.payload;
      if (state.notes.workDayId !== workDayId) state.notes = { ...emptyNotes, workDayId, saved: null };
      if (text === state.notes.saved && !state.notes.hasPending) return;
      state.notes.pending = text;
      state.notes.hasPending = true;
    },
    notesSaving(state) {
      state.notes.inFlight = true;
      state.notes.state = 'saving';
    },
    notesSaved(state, action: PayloadAction<{ text: string | null; workDay: WorkDay }>) {
      const { text, workDay } = action.payload;
      state.notes.inFlight = false;
      state.notes.saved = text;
      if (state.notes.hasPending && state.notes.pending === text) {
        state.notes.hasPending = false;
        state.notes.pending = null;
      }
      if (!state.notes.hasPending) state.notes.state = 'saved';
      for (const entry of Object.values(state.days)) {
        if (entry.data.workDay?.id === workDay.id) entry.data.workDay = workDay;
      }
    },
    /** The server could not be reached: the text waits in the outbox (docs/offline.md). */
    notesQueued(state) {
      state.notes.inFlight = false;
      state.notes.state = 'pending';
    },
    notesSaveFailed(state) {
      state.notes.inFlight = false;
      state.notes.state = 'failed';
    },
    /** 'Start from my day' on an empty note. */
    draftRequested(state, action: PayloadAction<{ workDayId: number }>) {
      if (state.notes.workDayId === action.payload.workDayId) state.notes.drafting = true;
    },
    /** The draft is in the editor (and on its way to the server as the note). */
    draftApplied(state, action: PayloadAction<{ workDayId: number; text: string }>) {
      if (state.notes.workDayId !== action.payload.workDayId) return;
      state.notes.drafting = false;
      state.notes.seed = { n: (state.notes.seed?.n ?? 0) + 1, text: action.payload.text };
    },
    draftEnded(state) {
      state.notes.drafting = false;
    },
    /** The panel closed: retries stop (the text was kept as long as it was on screen). */
    notesStopped(state) {
      state.notes = emptyNotes;
    },
    // --- leaving the office -------------------------------------------------------------------
    leaveClicked(state) {
      state.leave = leaveReducer(state.leave, { type: 'clicked' });
    },
    leaveSucceeded(state, action: PayloadAction<{ checks: CheckoutCheckStatus[] }>) {
      state.leave = leaveReducer(state.leave, { type: 'left' });
      const workDayId = action.payload.checks[0]?.work_day;
      if (workDayId !== undefined) {
        for (const entry of Object.values(state.days)) {
          if (entry.data.workDay?.id === workDayId) entry.data.checks = action.payload.checks;
        }
      }
    },
    leaveChecksFailed(state) {
      state.leave = leaveReducer(state.leave, { type: 'checks_failed' });
    },
    leaveFailed(state) {
      state.leave = leaveReducer(state.leave, { type: 'error' });
    },
    leaveReset(state) {
      state.leave = { step: 'idle' };
    },
    // --- 'Shared with you' --------------------------------------------------------------------
    observableRequested() {},
    observableLoaded(state, action: PayloadAction<ObservableUser[]>) {
      state.observable = action.payload;
    },
    starToggled(state, action: PayloadAction<ObservableUser>) {
      const row = state.observable?.find((r) => r.id === action.payload.id);
      if (row) row.starred_yn = !action.payload.starred_yn;
    },
    starFailed(state, action: PayloadAction<ObservableUser>) {
      const index = state.observable?.findIndex((r) => r.id === action.payload.id) ?? -1;
      if (state.observable && index >= 0) state.observable[index] = action.payload;
    },
  },
});

export const checkoutActions = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

// This slice loads with the checkout's chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('checkout', checkoutReducer);
