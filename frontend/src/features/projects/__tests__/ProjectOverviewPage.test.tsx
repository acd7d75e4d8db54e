import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { sessionActions } from '../../../shared/session';
import ProjectOverviewPage from '../pages/ProjectOverviewPage';

function storeWithFlag(underDevelopment: boolean) {
  const store = setupStore();
  const user = { id: 1, email: 'ada@example.com', features: { under_development: underDevelopment } } as UserDetails;
  store.dispatch(sessionActions.sessionStarted(user));
  return store;
}

const page = (
  <Routes>
    <Route path="/p/:projectId/:slug" element={<ProjectOverviewPage />} />
  </Routes>
);

describe('project overview behind the under_development flag', () => {
  it('shows the under-construction notice while the flag is off', () => {
    renderWithStore(page, { store: storeWithFlag(false), route: '/p/4/apollo' });
    expect(screen.getByText('Page is under construction')).toBeInTheDocument();
  });

  it('opens the overview while the flag is on', () => {
    const store = storeWithFlag(true);
    renderWithStore(page, { store, route: '/p/4/apollo' });
    expect(screen.queryByText('Page is under construction')).not.toBeInTheDocument();
    expect(store.getState().projects.overview.projectId).toBe(4);
  });
});
