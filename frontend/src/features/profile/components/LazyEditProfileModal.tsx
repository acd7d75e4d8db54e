import { lazy, Suspense } from 'react';
import type { UserDetails } from '../../../api/types';
import { useAppSelector } from '../../../shared/hooks';
import { useOpenedOnce } from '../../../shared/lazyDialog';
import { selectProfile } from '../selectors';

// Edit Profile (antd Form, Select, Radio and the timezone list) is a lazy chunk, loaded when it is first opened.
const EditProfileModal = lazy(() => import('./EditProfileModal').then((module) => ({ default: module.EditProfileModal })));

export function LazyEditProfileModal({ user }: { user: UserDetails }) {
  const { editorOpen } = useAppSelector(selectProfile);
  if (!useOpenedOnce(editorOpen)) return null;
  return (
    <Suspense fallback={null}>
      <EditProfileModal user={user} />
    </Suspense>
  );
}
