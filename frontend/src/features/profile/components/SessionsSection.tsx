import { useEffect } from 'react';
import { Button, Tag, Typography } from 'antd';
import type { Session } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatRelative } from '../../../shared/time';
import { selectSessions } from '../sessionsSelectors';
import { sessionsActions } from '../sessionsSlice';
import { SectionLoadState } from './SectionLoadState';

function SessionRow({ session, busy, onSignOut }: { session: Session; busy: boolean; onSignOut: () => void }) {
  const used = session.current ? 'Active now' : `Last used ${formatRelative(session.last_used_at)}`;
  return (
    <li
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 8, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
      aria-label={session.browser}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{session.browser}</Typography.Text>
        {session.current && (
          <Tag color="green" style={{ marginLeft: 8 }}>
            This device
          </Tag>
        )}
        <div style={{ color: 'rgba(0, 0, 0, 0.6)', fontSize: 12, overflowWrap: 'anywhere' }}>
          {[session.address || 'Unknown address', used].join(' · ')}
        </div>
      </div>
      {!session.current && (
        <Button size="small" loading={busy} onClick={onSignOut} aria-label={`Sign out ${session.browser}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The member's signed-in devices: each can be signed out, or every other one at once. */
export function SessionsSection() {
  const dispatch = useAppDispatch();
  const { items, loading, loaded, error, busy, othersBusy } = useAppSelector(selectSessions);

  useEffect(() => {
    dispatch(sessionsActions.listRequested());
  }, [dispatch]);

  if (!loaded) {
    return <SectionLoadState loading={loading} error={error} rows={2} testId="sessions-skeleton" onRetry={() => dispatch(sessionsActions.listRequested())} />;
  }
  const others = items.filter((item) => !item.current).length;
  return (
    <section aria-label="Signed-in devices">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={busy.includes(session.id)}
            onSignOut={() => dispatch(sessionsActions.signOutRequested(session.id))}
          />
        ))}
      </ul>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Button disabled={!others} loading={othersBusy} onClick={() => dispatch(sessionsActions.othersRequested())}>
          Sign out all other devices
        </Button>
      </div>
    </section>
  );
}
