import { lazy, useState, type ComponentType } from 'react';

/**
 * `React.lazy` that can be fetched ahead (`preload`) and, once fetched, renders at once. A plain lazy
 * component suspends on its first render even when its chunk is already here, and React then retries
 * the mount as a low-priority render that every store update interrupts and restarts: the office's
 * first paint waited for the last of the session's answers. An instance that mounts after the chunk
 * arrived renders the component itself; one that mounted before keeps the lazy one (its type never
 * changes under it, so nothing remounts).
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let fetching: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (fetching ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const [Type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Type {...props} />;
  }
  return { Component: Preloadable, preload };
}
