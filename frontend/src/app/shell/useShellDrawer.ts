import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The side menu's drawer on narrow screens (the office and the workspace area): following a link
 * in it closes it, and so does Escape. Returns whether it is open and its setter.
 */
export function useShellDrawer(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(location.pathname);

  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return [drawerOpen, setDrawerOpen];
}
