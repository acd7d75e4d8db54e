// The personal saga workers: a lazy chunk the watchers (sagas.ts) load with the first action that needs one.
import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import * as endpoints from '../../api/projects';
import type { PersonalPageName } from '../../api/projects';
import type { ProjectTasks } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { personalActions, type PersonalFilter } from './slice';

export const PAGE_TITLES: Record<PersonalPageName, string> = {
  today: 'Today',
  next_workday: 'Next Workday',
  starred: 'Starred',
};

export function* loadPersonalPage(): SagaIterator {
  const page: PersonalPageName | null = yield select((state: RootState) => state.personal.page);
  const filter: PersonalFilter = yield select((state: RootState) => state.personal.filter);
  if (!page) return;
  try {
    const rows: ProjectTasks[] = yield call(endpoints.fetchPersonalPage, page, filter);
    yield put(personalActions.tasksFetched(rows.flatMap((row) => row.tasks)));
    yield put(
      personalActions.pageLoaded({
        page,
        groups: rows.map((row) => ({ project: row.project, taskIds: row.tasks.map((task) => task.id) })),
      }),
    );
  } catch (error) {
    yield call(handleApiError, error, `Fetch tasks added to ${PAGE_TITLES[page]} error`);
  }
}
