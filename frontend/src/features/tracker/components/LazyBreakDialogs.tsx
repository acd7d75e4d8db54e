import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../../shared/hooks';
import { useOpenedOnce } from '../../../shared/lazyDialog';
import { selectBreakPrompt } from '../selectors';

// The break dialogs (antd Modal) are a lazy chunk, loaded when a break prompt first shows.
const BreakDialogs = lazy(() => import('./BreakDialogs').then((module) => ({ default: module.BreakDialogs })));

export function LazyBreakDialogs() {
  const open = useAppSelector(selectBreakPrompt) !== null;
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense fallback={null}>
      <BreakDialogs />
    </Suspense>
  );
}
