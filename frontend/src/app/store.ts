import { combineReducers, configureStore } from '@reduxjs/toolkit';
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
import { sessionActions } from '../shared/session';
import { rootSaga } from './rootSaga';

const appReducer = combineReducers({
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
});

export type RootState = ReturnType<typeof appReducer>;

/** Signing out resets every slice to its initial state, here and only here. */
export const rootReducer: typeof appReducer = (state, action) =>
  appReducer(sessionActions.signedOut.match(action) ? undefined : state, action);

export function setupStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: { ignoredActionPaths: ['payload.avatar'] } }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
