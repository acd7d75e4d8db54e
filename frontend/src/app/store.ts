import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReducer } from '../features/auth/slice';
import { statusReducer } from '../features/status/slice';
import { errorsReducer } from '../shared/errors/slice';
import { teammatesReducer } from '../features/teammates/slice';
import { officeReducer } from '../features/office/slice';
import { profileReducer } from '../features/profile/slice';
import { projectsReducer } from '../features/projects/slice';
import { listsReducer } from '../features/lists/slice';
import { tasksReducer } from '../features/tasks/slice';
import { personalReducer } from '../features/personal/slice';
import { requestsReducer } from '../shared/requests/slice';
import { outboxReducer } from '../shared/outbox/slice';
import type { ActivitiesState } from '../features/activities/slice';
import type { NotificationsState } from '../features/notifications/slice';
import type { TrackerSliceState } from '../features/tracker/slice';
import type { CheckoutState } from '../features/checkout/slice';
import type { HistoryState } from '../features/history/slice';
import type { ClosingState } from '../features/closing/slice';
import type { WorkspaceState } from '../features/workspace/slice';
import type { CalendarState } from '../features/calendar/slice';
import type { PasswordResetState } from '../features/passwordReset/slice';
import type { PaletteState } from '../features/palette/slice';
import type { SessionsState } from '../features/profile/sessionsSlice';
import type { TwoFactorSectionState } from '../features/profile/twoFactorSlice';
import type { SignInTwoFactorState } from '../features/auth/twoFactorSlice';
import type { TimeAccountState } from '../features/timeaccount/slice';
import type { RemindersState } from '../features/profile/remindersSlice';
import type { DigestState } from '../features/digest/slice';
import type { GuardianState } from '../features/guardian/slice';
import { LAZY_REDUCER_REGISTERED, lazyReducers, onLazyReducerRegistered } from '../shared/lazyReducers';
import { sessionActions } from '../shared/session';
import { readPreferencesFrom } from '../shared/time';
import { rootSaga } from './rootSaga';

const staticReducer = combineReducers({
  auth: authReducer,
  status: statusReducer,
  errors: errorsReducer,
  teammates: teammatesReducer,
  office: officeReducer,
  profile: profileReducer,
  projects: projectsReducer,
  lists: listsReducer,
  tasks: tasksReducer,
  personal: personalReducer,
  requests: requestsReducer,
  outbox: outboxReducer,
});

/** Slices that register when their feature's code loads (shared/lazyReducers.ts). */
interface LazySlices {
  activities: ActivitiesState;
  notifications: NotificationsState;
  tracker: TrackerSliceState;
  checkout: CheckoutState;
  history: HistoryState;
  closing: ClosingState;
  workspace: WorkspaceState;
  calendar: CalendarState;
  passwordReset: PasswordResetState;
  palette: PaletteState;
  sessions: SessionsState;
  twoFactor: TwoFactorSectionState;
  signInTwoFactor: SignInTwoFactorState;
  timeAccount: TimeAccountState;
  reminders: RemindersState;
  digest: DigestState;
  guardian: GuardianState;
}

export type RootState = ReturnType<typeof staticReducer> & LazySlices;

type Reduce = (state: RootState | Partial<RootState> | undefined, action: Action) => RootState;

/** The static slices, and each registered lazy slice under its key (absent until it registers). */
const appReducer: Reduce = (state, action) => {
  const lazy = lazyReducers();
  const previous = (state ?? {}) as Record<string, unknown>;
  const staticPart: Record<string, unknown> = {};
  for (const key of Object.keys(previous)) if (!lazy.has(key)) staticPart[key] = previous[key];
  const nextStatic = staticReducer(state ? (staticPart as ReturnType<typeof staticReducer>) : undefined, action);
  let changed = state === undefined || nextStatic !== staticPart;
  const next: Record<string, unknown> = { ...nextStatic };
  for (const [key, reducer] of lazy) {
    next[key] = reducer(previous[key], action);
    if (next[key] !== previous[key]) changed = true;
  }
  // The same object when nothing changed, as combineReducers gives (memoized selectors rely on it).
  return changed || !state ? (next as unknown as RootState) : (state as RootState);
};

/** Signing out resets every slice to its initial state, here and only here. */
export const rootReducer: Reduce = (state, action) =>
  appReducer(sessionActions.signedOut.match(action) ? undefined : state, action);

export function setupStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['payload.avatar'] } }).concat(sagaMiddleware),
  });
  // A slice registering later (its feature's chunk loaded) gets its initial state at once.
  onLazyReducerRegistered(() => store.dispatch({ type: LAZY_REDUCER_REGISTERED }));
  // The formatters read the user's display preferences from here (shared/time.ts).
  readPreferencesFrom(() => store.getState().auth.user);
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
