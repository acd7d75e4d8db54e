import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { useOpenedOnce } from '../../shared/lazyDialog';
import { hasBetaParam, withBeta } from '../../shared/routes';
import type { RootState } from '../store';

// The palette, the '?' sheet and the commands load together on the first Ctrl-K, '?' or shortcut key
// (one chunk: each lazy import costs the office's first load the list of files it preloads).
const load = () => import('./PaletteBundle');
const Palette = lazy(load);

type PaletteOpen = 'palette' | 'shortcuts' | null;

/** Keys typed into a field, an editor or a dialog are the field's, never a shortcut's. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="textbox"], [role="combobox"], [role="dialog"], [role="menu"], [role="listbox"]')) return true;
  return false;
}

/** How long a shortcut's next key is waited for (G then C). */
const SEQUENCE_MS = 1000;

/**
 * Ctrl-K / Cmd-K, '?' and the one-key shortcuts in the office and the workspace area (issue 31,
 * docs/keyboard.md). Outside text fields only; the one-key shortcuts follow the profile's switch.
 */
export function PaletteHost() {
  const [open, setOpen] = useState<PaletteOpen>(null);
  const mounted = useOpenedOnce(open !== null);
  const dispatch = useAppDispatch();
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const betaOn = hasBetaParam(location.search);
  const go = useCallback((to: string) => navigate(withBeta(to, betaOn)), [navigate, betaOn]);
  const shortcutsOn = useAppSelector((state) => state.auth.user?.keyboard_shortcuts_yn ?? true);
  const latest = useRef({ go, shortcutsOn, pathname: location.pathname });
  useEffect(() => {
    latest.current = { go, shortcutsOn, pathname: location.pathname };
  }, [go, shortcutsOn, location.pathname]);

  useEffect(() => {
    let pressed: string[] = [];
    let timer: number | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen('palette');
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || document.querySelector('.ant-modal-wrap:not([style*="none"]) [role="dialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setOpen('shortcuts');
        return;
      }
      if (!latest.current.shortcutsOn || event.key.length !== 1 || event.key === ' ') return;
      pressed = [...pressed, event.key.toLowerCase()];
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (pressed = []), SEQUENCE_MS);
      const keys = pressed;
      void load().then((module) => {
        const result = module.runShortcut(keys, store.getState() as RootState, latest.current.pathname, dispatch, latest.current.go);
        if (result !== 'prefix' && pressed === keys) pressed = [];
      });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(timer);
    };
  }, [dispatch, store]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Palette open={open} onClose={() => setOpen(null)} go={go} shortcutsOn={shortcutsOn} />
    </Suspense>
  );
}
