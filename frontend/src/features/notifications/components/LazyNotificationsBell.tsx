import { lazy, Suspense } from 'react';

// The bell (antd Popover, Badge, the icon) loads right after the office shell rather than with it:
// /office's first load is at its budget (bench/bundle/budget.json).
const NotificationsBell = lazy(() => import('./NotificationsBell').then((module) => ({ default: module.NotificationsBell })));

/** The header's notifications bell; a same-sized blank until its chunk has loaded. */
export function LazyNotificationsBell() {
  return (
    <Suspense fallback={<span aria-hidden style={{ display: 'inline-block', width: 32, height: 32 }} />}>
      <NotificationsBell />
    </Suspense>
  );
}
