import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useNarrowScreen } from '../../../shared/useNarrowScreen';
import { FocusScope } from '../../../shared/FocusScope';
import { selectNotificationsState } from '../selectors';
import { notificationsActions } from '../slice';

// The list (and what it imports) loads when the popover first opens, not with the office.
const NotificationsList = lazy(() => import('./NotificationsList'));

/** The header's bell: the unread badge and the notifications popover (spec 01 §2). */
export function NotificationsBell() {
  const dispatch = useAppDispatch();
  const { unreadCount, open } = useAppSelector(selectNotificationsState);
  const narrow = useNarrowScreen();

  useEffect(() => {
    dispatch(notificationsActions.listRequested());
  }, [dispatch]);

  // A new focus scope per opening: a closing popup keeps its old content until it has faded.
  const [openings, setOpenings] = useState(0);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setOpenings((n) => n + 1);
      dispatch(notificationsActions.popoverOpened());
      dispatch(notificationsActions.listRequested());
    } else {
      dispatch(notificationsActions.popoverClosed());
    }
  };

  return (
    <Popover
      trigger="click"
      // On a phone the popover is nearly as wide as the screen: centred placements shift into
      // view (antd's overflow rules), a right-aligned one would run off the left edge.
      placement={narrow ? 'bottom' : 'bottomRight'}
      open={open}
      onOpenChange={onOpenChange}
      arrow={false}
      content={
        <FocusScope key={openings} open={open} onClose={() => onOpenChange(false)} label="Notifications">
          <Suspense fallback={<ListSkeleton />}>
            <NotificationsList />
          </Suspense>
        </FocusScope>
      }
    >
      <Badge count={unreadCount} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined style={{ fontSize: 18 }} />}
          aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
          data-testid="notifications-bell"
        />
      </Badge>
    </Popover>
  );
}

function ListSkeleton() {
  const row = { height: 14, borderRadius: 6, background: 'rgba(0,0,0,0.06)' };
  return (
    <div aria-busy="true" aria-label="Loading notifications" style={{ width: 'min(380px, calc(100vw - 40px))', display: 'flex', flexDirection: 'column', gap: 12, padding: 8 }}>
      {[0, 1, 2].map((index) => (
        <div key={index} style={{ display: 'flex', gap: 10 }}>
          <div style={{ width: 32, height: 32, borderRadius: '50%', background: 'rgba(0,0,0,0.06)' }} />
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 6 }}>
            <div style={{ ...row, width: '85%' }} />
            <div style={{ ...row, width: '40%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
