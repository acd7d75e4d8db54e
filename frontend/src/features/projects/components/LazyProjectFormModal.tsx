import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../../shared/lazyDialog';

// The project form (antd Form, Modal, Row/Col) is a lazy chunk, loaded when it is first opened.
const ProjectFormModal = lazy(() => import('./ProjectFormModal').then((module) => ({ default: module.ProjectFormModal })));

export function LazyProjectFormModal(props: ComponentProps<typeof ProjectFormModal>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ProjectFormModal {...props} />
    </Suspense>
  );
}
