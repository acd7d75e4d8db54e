import { Button, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { formatClock, formatLongDate, useNow } from '../../shared/time';
import { selectCurrentUser } from '../../shared/session';
import { selectEnteringOffice } from '../../features/status/selectors';
import { statusActions } from '../../features/status/slice';
import { AccountMenu } from '../../features/profile/components/AccountMenu';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../shared/antd-office.gen.css';

const CLOCK_REFRESH_MS = 10_000;

export default function StartWorkPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const entering = useAppSelector(selectEnteringOffice);
  const now = useNow(CLOCK_REFRESH_MS);
  if (!user) return null;

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '16px 24px' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {user.workspace_name}
        </Typography.Text>
        <AccountMenu user={user} />
      </header>
      <main style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8, paddingBottom: 96 }}>
        <Typography.Text type="secondary" style={{ fontSize: 18 }}>
          Hello, {user.display_name || user.full_name}
        </Typography.Text>
        <time data-testid="start-work-clock" style={{ fontSize: 96, fontWeight: 300, lineHeight: 1.1, letterSpacing: 2 }}>
          {formatClock(now)}
        </time>
        <Typography.Text type="secondary" style={{ fontSize: 16, marginBottom: 32 }}>
          {formatLongDate(now)}
        </Typography.Text>
        <Button
          type="primary"
          size="large"
          icon={<LoginOutlined />}
          loading={entering}
          onClick={() => dispatch(statusActions.enterOfficeRequested())}
          style={{ height: 48, paddingInline: 32, fontSize: 16 }}
        >
          Enter the Office
        </Button>
      </main>
    </div>
  );
}
