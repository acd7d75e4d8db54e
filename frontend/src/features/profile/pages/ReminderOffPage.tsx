import { useEffect } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { paths } from '../../../shared/routes';
import { selectReminders } from '../remindersSelectors';
import { remindersActions } from '../remindersSlice';

function Card({ children }: { children: React.ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 'clamp(12px, 4vw, 24px)', boxSizing: 'border-box' }}>
      <section
        style={{ width: '100%', maxWidth: 460, boxSizing: 'border-box', padding: 'clamp(16px, 5vw, 24px)', background: '#ffffff', border: '1px solid #f0f0f0', borderRadius: 8 }}
      >
        {children}
      </section>
    </main>
  );
}

/**
 * A reminder email's switch-off link (public, docs/reminders.md): opening it changes nothing (mail
 * scanners open links); the page names the reminder and its owner, and one button switches it off.
 */
export default function ReminderOffPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { link } = useAppSelector(selectReminders);

  useEffect(() => {
    dispatch(remindersActions.linkOpened(token));
  }, [dispatch, token]);

  if (link.status === 'done') {
    return (
      <Card>
        <Result status="success" title="Reminder switched off" subTitle={link.done} extra={<Button onClick={() => navigate(paths.office)}>Open the office</Button>} />
      </Card>
    );
  }
  if (link.status === 'invalid') {
    return (
      <Card>
        <Result status="warning" title="This link does not work" subTitle={link.problem} extra={<Button onClick={() => navigate(paths.office)}>Open the office</Button>} />
      </Card>
    );
  }
  if (link.status !== 'valid' || !link.answer) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  return (
    <Card>
      <Result
        status="info"
        title={`Switch off '${link.answer.label}'?`}
        subTitle={
          <>
            For <strong>{link.answer.email}</strong>. You can switch it on again in Edit Profile &gt; Reminders.
          </>
        }
        extra={
          <Button type="primary" loading={link.submitting} onClick={() => dispatch(remindersActions.offRequested(token))}>
            Switch it off
          </Button>
        }
      />
    </Card>
  );
}
