import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../shared/routes';
import { useAppSelector } from '../../shared/hooks';
import { OfficeSkeleton } from '../../shared/Skeletons';
import { selectSession, selectToken } from '../../features/auth/selectors';
import { selectStatus } from '../../features/status/selectors';
import OfficeShell from '../shell/OfficeShell';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../shared/antd-office.gen.css';

function BackHome() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(paths.home)}>
      Back Home
    </Button>
  );
}

/**
 * A status page in the page frame: inside the office's shell (menu and header) when the user is in
 * the office, on its own otherwise (signed out, or before entering the office).
 */
function StatusFrame({ children }: { children: ReactNode }) {
  const token = useAppSelector(selectToken);
  const session = useAppSelector(selectSession);
  const status = useAppSelector(selectStatus);
  if (token && session !== 'ready' && session !== 'failed') return <OfficeSkeleton />;
  const inOffice = token && session === 'ready' && (status === 'working' || status === 'taking_break');
  const page = <div className="page-frame page-frame--narrow status-page">{children}</div>;
  if (inOffice) return <OfficeShell>{page}</OfficeShell>;
  return <main className="status-page--alone">{page}</main>;
}

export function UnauthorizedPage() {
  return (
    <StatusFrame>
      <Result status="403" title={<h1 className="status-page__title">403</h1>} subTitle="Sorry, you are not authorized to access this page." extra={<BackHome />} />
    </StatusFrame>
  );
}

export function NotFoundPage() {
  return (
    <StatusFrame>
      <Result status="404" title={<h1 className="status-page__title">404</h1>} subTitle="Sorry, the page you visited does not exist." extra={<BackHome />} />
    </StatusFrame>
  );
}
