import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../shared/routes';

function BackHome() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(paths.home)}>
      Back Home
    </Button>
  );
}

export function UnauthorizedPage() {
  return (
    <Result status="403" title="403" subTitle="Sorry, you are not authorized to access this page." extra={<BackHome />} />
  );
}

export function NotFoundPage() {
  return <Result status="404" title="404" subTitle="Sorry, the page you visited does not exist." extra={<BackHome />} />;
}
