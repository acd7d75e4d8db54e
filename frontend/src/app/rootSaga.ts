import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { authSaga } from '../features/auth/sagas';
import { statusSaga } from '../features/status/sagas';
import { realtimeSaga } from './realtime/sagas';
import { sessionSaga } from './session/sagas';
import { featureLinksSaga } from './featureLinks';
import { teammatesSaga } from '../features/teammates/sagas';
import { officeSaga } from '../features/office/sagas';
import { profileSaga } from '../features/profile/sagas';
import { projectsSaga } from '../features/projects/sagas';
import { listsSaga } from '../features/lists/sagas';
import { tasksSaga } from '../features/tasks/sagas';
import { personalSaga } from '../features/personal/sagas';
import { activitiesSaga } from '../features/activities/sagas';
import { notificationsSaga } from '../features/notifications/sagas';
import { trackerSaga } from '../features/tracker/sagas';
import { historySaga } from '../features/history/sagas';
import { closingSaga } from '../features/closing/sagas';
import { checkoutSaga } from '../features/checkout/sagas';
import { workspaceSaga } from '../features/workspace/sagas';
import { calendarSaga } from '../features/calendar/sagas';
import { passwordResetSaga } from '../features/passwordReset/sagas';
import { paletteSaga } from '../features/palette/sagas';
import { timeAccountSaga } from '../features/timeaccount/sagas';
import { digestSaga } from '../features/digest/sagas';
import { outboxSaga } from '../shared/outbox/sagas';
import { guardianSaga } from '../features/guardian/sagas';

export function* rootSaga(): SagaIterator {
  // The session and feature-link sagas listen before auth may ask for the stored session.
  yield all([
    fork(sessionSaga), fork(featureLinksSaga), fork(realtimeSaga), fork(statusSaga), fork(authSaga),
    fork(teammatesSaga), fork(officeSaga), fork(profileSaga),
    fork(projectsSaga), fork(listsSaga), fork(tasksSaga), fork(personalSaga), fork(trackerSaga),
    fork(activitiesSaga), fork(notificationsSaga), fork(historySaga), fork(closingSaga), fork(checkoutSaga), fork(workspaceSaga), fork(calendarSaga),
    fork(passwordResetSaga), fork(paletteSaga), fork(timeAccountSaga), fork(digestSaga), fork(outboxSaga), fork(guardianSaga),
  ]);
}
