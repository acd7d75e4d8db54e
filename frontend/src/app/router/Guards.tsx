import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { selectHasBetaAccess, selectSession, selectSignIn, selectToken } from '../../features/auth/selectors';
import { selectUnderDevelopment } from '../../shared/session';
import { selectStatus } from '../../features/status/selectors';
import { FullPageSpinner } from '../../shared/FullPageSpinner';
import { decide, type RouteArea } from './guard';
import { hasBetaParam, paths } from '../../shared/routes';
import { OfficeSkeleton } from '../../shared/Skeletons';

const SessionFailed = lazy(() => import('./SessionFailed'));

function AreaGuard({ area }: { area: RouteArea }) {
  const location = useLocation();
  const token = useAppSelector(selectToken);
  const session = useAppSelector(selectSession);
  const status = useAppSelector(selectStatus);
  const hasBetaAccess = useAppSelector(selectHasBetaAccess);
  const underDevelopment = useAppSelector(selectUnderDevelopment);
  const signIn = useAppSelector(selectSignIn);

  if (token && session === 'failed') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <SessionFailed />
      </Suspense>
    );
  }
  const decision = decide({
    area,
    path: location.pathname,
    hasToken: token !== null,
    status: session === 'ready' ? status : null,
    hasBetaAccess,
    betaParam: hasBetaParam(location.search),
    underDevelopment,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace={decision.replace} />;
  // The sign-in form keeps its spinning button while the new session loads.
  if (decision.kind === 'wait') {
    if (area === 'public' && signIn.submitting) return <Outlet />;
    // A reload of an office page paints the shell's shape at once, not a spinner.
    if (area === 'protected' && location.pathname !== paths.startWork) return <OfficeSkeleton />;
    return <FullPageSpinner />;
  }
  return <Outlet />;
}

export const PublicArea = () => <AreaGuard area="public" />;
export const ProtectedArea = () => <AreaGuard area="protected" />;
