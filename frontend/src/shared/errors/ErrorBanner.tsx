import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { errorsActions, selectCurrentError } from './slice';

// antd's Alert and Modal stay out of the first load: the banner's chunk is fetched with the first error.
const ErrorBannerContent = lazy(() => import('./ErrorBannerContent'));

/** The global banner of spec 01 §8: '{title}.' with 'More info' opening a dialog with 'Got it'. */
export function ErrorBanner() {
  const error = useAppSelector(selectCurrentError);
  const dispatch = useAppDispatch();
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <ErrorBannerContent error={error} onDismiss={() => dispatch(errorsActions.errorDismissed())} />
    </Suspense>
  );
}
