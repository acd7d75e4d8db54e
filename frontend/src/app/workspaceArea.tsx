// Everything of the workspace area, the team page and the invitation link in one lazy chunk,
// reached through one small module (workspaceEntry.ts): the routes hold a single lazy component,
// so the office's and the sign-in page's first loads grow by a few bytes only (bench/bundle).
import { useLocation } from 'react-router-dom';
import { paths } from '../shared/routes';
import WorkspaceShell from './shell/WorkspaceShell';
import TeamPage from './pages/TeamPage';
import AcceptInvitationPage from '../features/workspace/pages/AcceptInvitationPage';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../shared/antd-office.gen.css';

/** The page of the path the routes sent here: /team, /accept-invitation/..., or an admin panel. */
export default function WorkspaceArea() {
  const { pathname } = useLocation();
  if (pathname === paths.team) return <TeamPage />;
  if (pathname.startsWith('/accept-invitation/')) return <AcceptInvitationPage />;
  return <WorkspaceShell />;
}
