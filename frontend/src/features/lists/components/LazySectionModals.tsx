import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../../shared/lazyDialog';

// Manage sections (with dnd-kit for reordering) and Add sections are lazy chunks, loaded when first opened.
const ManageSectionsModal = lazy(() => import('./ManageSectionsModal').then((module) => ({ default: module.ManageSectionsModal })));
const AddSectionsModal = lazy(() => import('./AddSectionsModal').then((module) => ({ default: module.AddSectionsModal })));

export function LazyManageSectionsModal(props: ComponentProps<typeof ManageSectionsModal>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ManageSectionsModal {...props} />
    </Suspense>
  );
}

export function LazyAddSectionsModal(props: ComponentProps<typeof AddSectionsModal>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <AddSectionsModal {...props} />
    </Suspense>
  );
}
