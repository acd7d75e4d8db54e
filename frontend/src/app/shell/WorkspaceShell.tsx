import { Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import ProjectsPanelPage from '../pages/workspace/ProjectsPanelPage';
import { LazyProjectFormModal as ProjectFormModal } from '../../features/projects/components/LazyProjectFormModal';
import MembersPanelPage from '../../features/workspace/pages/MembersPanelPage';
import MemberTimeAccount from '../../features/timeaccount/components/MemberTimeAccount';
import TeamPagesPanelPage from '../pages/workspace/TeamPagesPanelPage';
import WorkspacePanelPage from '../pages/workspace/WorkspacePanelPage';
import { useAppSelector } from '../../shared/hooks';
import { PageSkeleton } from '../../shared/Skeletons';
import { selectCurrentUser, selectPreferencesKey } from '../../shared/session';
import { paths } from '../../shared/routes';
import { Button, Result } from 'antd';
import { BarsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { WorkspaceSideMenu } from '../../features/workspace/components/WorkspaceSideMenu';
import '../../features/workspace/workspace.css';
import { useShellDrawer } from './useShellDrawer';
import { PaletteHost } from '../palette/PaletteHost';

/** Workspace admins: role ADMIN or user type Admin / Owner (spec 02 §6; the server decides too). */
function isAdmin(user: { workspace_role: string; workspace_user_type?: string }): boolean {
  return user.workspace_role === 'ADMIN' || user.workspace_user_type === 'ADMIN' || user.workspace_user_type === 'OWNER';
}

// The office shell's breakpoint (shared/useNarrowScreen), read here rather than imported: sharing
// that module with this chunk would split it out of the office's first load (bench/bundle).
const NARROW = '(max-width: 899px)';
const watchNarrow = (onChange: () => void) => {
  const list = window.matchMedia(NARROW);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const useNarrow = () => useSyncExternalStore(watchNarrow, () => window.matchMedia(NARROW).matches, () => false);

/** The panel of a workspace area path (the routes send only these four here). */
function Panel({ path }: { path: string }) {
  if (path === paths.projects) return <ProjectsPanelPage />;
  if (path === paths.members) return <MembersPanelPage accountExtra={(id) => <MemberTimeAccount memberId={id} />} />;
  if (path === paths.teamPage) return <TeamPagesPanelPage />;
  return <WorkspacePanelPage />;
}

/**
 * The workspace area's frame: the office header, its own side menu (a drawer on narrow screens)
 * and the panel. A lazy chunk: nothing of it is in the office's or the sign-in page's first load.
 */
export default function WorkspaceShell() {
  const user = useAppSelector(selectCurrentUser);
  const preferences = useAppSelector(selectPreferencesKey);
  const narrow = useNarrow();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useShellDrawer();

  if (!user) return null;
  if (!isAdmin(user)) {
    // Anyone may create a project: for a member, the popover's 'Create a Project' (and Projects)
    // lead here, to the project form; an admin gets the Projects panel and its 'Create new project'.
    if (location.pathname === paths.projects) {
      return <ProjectFormModal open project={null} onClose={() => navigate(paths.office)} />;
    }
    return (
      <main className="status-page--alone">
        <div className="page-frame page-frame--narrow status-page">
          <Result
            status="403"
            title={<h1 className="status-page__title">403</h1>}
            subTitle="Only workspace admins can open the workspace settings."
            extra={
              <Button type="primary" onClick={() => navigate(paths.office)}>
                Back to Workspace
              </Button>
            }
          />
        </div>
      </main>
    );
  }
  const open = narrow && drawerOpen;
  return (
    <div className={`shell${narrow ? ' shell--narrow' : ''}${open ? ' shell--drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <PaletteHost />
      <aside id="side-menu" className="shell__side" aria-hidden={narrow && !open ? true : undefined} inert={narrow && !open ? true : undefined}>
        <WorkspaceSideMenu workspaceName={user.workspace_name} />
      </aside>
      {open && <div className="shell__backdrop" aria-hidden onClick={() => setDrawerOpen(false)} />}
      <div className="shell__main">
        <header className="shell__header">
          {narrow && (
            <Button
              type="text"
              icon={<BarsOutlined />}
              aria-label={open ? 'Close the menu' : 'Open the menu'}
              aria-expanded={open}
              aria-controls="side-menu"
              onClick={() => setDrawerOpen((value) => !value)}
            />
          )}
          <span className="workspace-header__title">Workspace settings</span>
        </header>
        <main className="shell__content" id="main" tabIndex={-1}>
          <Suspense key={preferences} fallback={<PageSkeleton />}>
            <Panel path={location.pathname} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
