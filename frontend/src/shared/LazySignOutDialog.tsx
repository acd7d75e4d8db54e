import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from './lazyDialog';

// The sign-out dialog is a lazy chunk, loaded when it is first opened.
const SignOutDialog = lazy(() => import('./SignOutDialog').then((module) => ({ default: module.SignOutDialog })));

export function LazySignOutDialog(props: ComponentProps<typeof SignOutDialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog {...props} />
    </Suspense>
  );
}
