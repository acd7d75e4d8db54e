import { useSyncExternalStore } from 'react';

/** Below this width the side menu is a drawer (global.css uses the same number). */
export const DRAWER_BREAKPOINT = 900;
const query = `(max-width: ${DRAWER_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);

/** True on a phone-sized screen, where the side menu collapses into a drawer. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
