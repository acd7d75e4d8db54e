import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../shared/FullPageSpinner';
import { ProtectedArea, PublicArea } from './router/Guards';
import { paths } from '../shared/routes';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { OfficeSkeleton } from '../shared/Skeletons';
import { readStoredSession } from '../api/storage';
import { preloadableLazy } from '../shared/preloadableLazy';
import { preloadOfficeFirstLoad } from './officeFirstLoad';

// Everything behind sign-in is split off so the sign-in bundle stays small.
const officeShell = preloadableLazy(() => import('./shell/OfficeShell'));
const officePage = preloadableLazy(() => import('./pages/OfficePage'));
const StartWorkPage = lazy(() => import('./pages/StartWorkPage'));
const OfficeShell = officeShell.Component;
const OfficePage = officePage.Component;

// Opening /office with a stored session: fetch the shell's and the page's chunks, and the lazy code
// their first render runs, while the session loads, instead of one after the other once the guard
// lets the route render.
if (window.location.pathname === paths.office && readStoredSession().token) {
  void officeShell.preload();
  void officePage.preload();
  preloadOfficeFirstLoad();
}
const NotFoundPage = lazy(() => import('./pages/StatusPages').then((module) => ({ default: module.NotFoundPage })));
const UnauthorizedPage = lazy(() =>
  import('./pages/StatusPages').then((module) => ({ default: module.UnauthorizedPage })),
);

const ProjectOverviewPage = lazy(() => import('../features/projects/pages/ProjectOverviewPage'));
const ListPage = lazy(() => import('./pages/list/ListPage'));
const SectionRedirect = lazy(() => import('../features/lists/pages/SectionRedirect'));
const PersonalPage = lazy(() => import('./pages/PersonalPage'));
const UnreadPage = lazy(() => import('../features/activities/pages/UnreadPage'));
const CheckoutPage = lazy(() => import('./shell/OfficeShell').then((module) => module.loadCheckoutPage()));
// History with closing the week's 'My week is complete' (app/pages/HistoryRoute composes the two features).
const HistoryPage = lazy(() => import('./pages/HistoryRoute'));
const ApprovalsPage = lazy(() => import('../features/closing/pages/ApprovalsPage'));
// The morning digest (issue 32, docs/reminders.md) and a reminder email's switch-off link (public).
const DigestPage = lazy(() => import('../features/digest/pages/DigestPage'));
const ReminderOffPage = lazy(() => import('../features/profile/pages/ReminderOffPage'));
const CalendarPage = lazy(() => import('../features/calendar/pages/CalendarPage'));
// The workspace area (admins), the team page and the invitation link: one lazy chunk (app/workspaceArea).
// 'Forgot password?' and its emailed link (issue 30): public pages, their own chunk.
const ForgotPasswordPage = lazy(() => import('../features/passwordReset/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/passwordReset/pages/ResetPasswordPage'));
// Back from a workspace's identity provider (single sign-on, docs/security.md): its own chunk.
const SsoCallbackPage = lazy(() => import('../features/auth/pages/SsoCallbackPage'));
const WorkspaceArea = lazy(() => import('./workspaceEntry').then((entry) => entry.load()));

/** Projects, lists and personal task pages (spec 02 §2). */
const projectPages: { path: string; element: React.ReactNode }[] = [
  { path: paths.project, element: <ProjectOverviewPage /> },
  { path: paths.list, element: <ListPage /> },
  { path: paths.listSubPage, element: <ListPage /> },
  { path: paths.listTask, element: <ListPage /> },
  { path: paths.section, element: <SectionRedirect /> },
  { path: paths.today, element: <PersonalPage page="today" /> },
  { path: paths.nextShift, element: <PersonalPage page="next_workday" /> },
  { path: paths.starred, element: <PersonalPage page="starred" /> },
  { path: paths.task, element: <PersonalPage /> },
  { path: paths.unread, element: <UnreadPage /> },
  { path: paths.checkout, element: <CheckoutPage /> },
  { path: paths.history, element: <HistoryPage /> },
  { path: paths.approvals, element: <ApprovalsPage /> },
  { path: paths.digest, element: <DigestPage /> },
  { path: paths.calendar, element: <CalendarPage /> },
  { path: paths.team, element: <WorkspaceArea /> },
];


export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route element={<PublicArea />}>
          <Route path={paths.home} element={<SignInPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.ssoCallback} element={<SsoCallbackPage />} />
        </Route>
        <Route path={paths.unauthorized} element={<UnauthorizedPage />} />
        <Route path="/accept-invitation/:token" element={<WorkspaceArea />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.reminderOff} element={<ReminderOffPage />} />
        <Route element={<ProtectedArea />}>
          <Route path={paths.startWork} element={<StartWorkPage />} />
          <Route
            element={
              <Suspense fallback={<OfficeSkeleton />}>
                <OfficeShell />
              </Suspense>
            }
          >
            <Route path={paths.office} element={<OfficePage />} />
            {projectPages.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
          {[paths.projects, paths.members, paths.teamPage, paths.workspace].map((path) => (
            <Route key={path} path={path} element={<WorkspaceArea />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
