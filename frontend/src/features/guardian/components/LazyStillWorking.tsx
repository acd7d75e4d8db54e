import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../../shared/hooks';

// The dialog (antd Modal, the texts) is a lazy chunk, loaded only when a question is pending.
const StillWorkingDialog = lazy(() => import('./StillWorkingDialog').then((module) => ({ default: module.StillWorkingDialog })));

/** The shift guardian's 'Still working?' (docs/guardian.md), on every screen of a signed-in member. */
export function LazyStillWorking() {
  // The slice registers with the guardian's workers (shared/lazyReducers.ts): absent until then.
  const prompt = useAppSelector((state) => state.guardian?.prompt ?? null);
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <StillWorkingDialog key={`${prompt.id}-${prompt.state}`} prompt={prompt} />
    </Suspense>
  );
}
