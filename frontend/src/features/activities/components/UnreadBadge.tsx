import { useEffect } from 'react';
import { Badge } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { activitiesActions } from '../slice';

/** The Unread entry of the side menu with its count; it follows live events (new activities, reads). */
export function UnreadBadge({ label }: { label: string }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector((state) => state.activities.unread.count);
  useEffect(() => {
    if (count === null) dispatch(activitiesActions.unreadCountRequested());
  }, [count, dispatch]);
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <span>{label}</span>
      <span data-testid="unread-badge" data-count={count ?? 0}>
        <Badge count={count ?? 0} size="small" color="#1677ff" title={`${count ?? 0} unread activities`} />
      </span>
    </span>
  );
}
