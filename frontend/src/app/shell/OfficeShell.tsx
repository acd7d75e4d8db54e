import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { PageSkeleton } from '../../shared/Skeletons';
import { selectCurrentUser, selectPreferencesKey } from '../../shared/session';
import { useNarrowScreen } from '../../shared/useNarrowScreen';
import { SideMenu } from './SideMenu';
import { OfficeHeader } from './OfficeHeader';
import { useShellDrawer } from './useShellDrawer';
import { PaletteHost } from '../palette/PaletteHost';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../shared/antd-office.gen.css';

// eslint-disable-next-line react-refresh/only-export-components -- the /checkout route loads through this chunk
export { loadCheckoutPage } from './OfficeHeader';

/**
 * The office's frame: a fixed header, a side menu that scrolls on its own (a drawer on narrow
 * screens) and the page. Layout in global.css (`.shell*`). `children` replaces the routed page
 * (the 403 / 404 pages shown inside the shell).
 */
export default function OfficeShell({ children }: { children?: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const preferences = useAppSelector(selectPreferencesKey);
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useShellDrawer();

  if (!user) return null;
  const open = narrow && drawerOpen;
  return (
    <div className={`shell${narrow ? ' shell--narrow' : ''}${open ? ' shell--drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <PaletteHost />
      <aside id="side-menu" className="shell__side" aria-hidden={narrow && !open ? true : undefined} inert={narrow && !open ? true : undefined}>
        <SideMenu user={user} />
      </aside>
      {open && <div className="shell__backdrop" aria-hidden onClick={() => setDrawerOpen(false)} />}
      <div className="shell__main">
        <OfficeHeader user={user} narrow={narrow} menuOpen={open} onMenu={() => setDrawerOpen((value) => !value)} />
        <main className="shell__content" id="main" tabIndex={-1}>
          {/* A page's chunk loads inside the shell: the menu and header stay, the page shows its shape. */}
          {/* Keyed by the display preferences: a changed clock, duration or week start redraws the page. */}
          <Suspense key={preferences} fallback={<PageSkeleton />}>
            {children ?? <Outlet />}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
