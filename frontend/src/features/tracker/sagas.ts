import { put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { sessionActions } from '../../shared/session';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { trackerActions } from './slice';
import { outboxAnswerOf } from '../../shared/outbox/slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without loading the slice. */
const type = (name: keyof typeof trackerActions) => `tracker/${name}`;

export function* trackerSaga(): SagaIterator {
  // The tracker lives on the server: every device reads it when the session starts.
  yield takeLatest(sessionActions.sessionStarted.type, function* () {
    yield put({ type: type('stateRequested') });
  });
  yield takeLatest(type('stateRequested'), lazy('loadTracker'));
  yield takeLatest(type('startRequested'), lazy('startTask'));
  yield takeLatest(type('pauseRequested'), lazy('pauseTask'));
  yield takeLatest(type('stopRequested'), lazy('stopTask'));
  yield takeLatest(type('resumeRequested'), lazy('resumeTask'));
  yield takeLatest(type('breakDecided'), lazy('decideBreak'));
  yield takeLatest(type('timesRequested'), lazy('loadTaskTimes'));
  yield takeEvery(type('timeChangeRequested'), lazy('changeTime'));
  yield takeEvery(type('removeFromDayRequested'), lazy('removeProjectFromDay'));
  yield takeEvery(outboxAnswerOf('task_time', 'tracker'), lazy('outboxAnswered'));
  yield takeLatest(
    [type('allocatedRequested'), type('stateLoaded'), type('commandSucceeded'), type('timeChanged'), type('taskTimeChangedElsewhere')],
    lazy('loadAllocated'),
  );
}
