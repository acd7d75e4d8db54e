import { useEffect, useRef } from 'react';
import { Button, Empty, Typography } from 'antd';
import type { Notification } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatRelative, useNow } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { Link } from 'react-router-dom';
import { useBeta } from '../../../shared/useBeta';
import { notificationTarget } from '../target';
import { selectNotifications, selectNotificationsState } from '../selectors';
import { notificationsActions } from '../slice';
import './notifications.css';

/** The popover's content: Mark all as read, and the list; unread items scrolled into view are
 * marked read when the popover closes (one call), or one by one with Mark as read on hover. */
export default function NotificationsList() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectNotifications);
  const { unreadCount, loading, loaded } = useAppSelector(selectNotificationsState);
  const listRef = useRef<HTMLDivElement>(null);
  const now = useNow(60_000);

  useEffect(() => {
    const root = listRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.notificationId);
          if (entry.isIntersecting && id) dispatch(notificationsActions.itemSeen(id));
        }
      },
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('[data-unread="true"]').forEach((node) => observer.observe(node));
    return () => observer.disconnect();
  }, [items, dispatch]);

  return (
    <div style={{ width: 'min(380px, calc(100vw - 40px))' }} aria-label="Notifications">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 4px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>Notifications</Typography.Text>
        <Button type="link" size="small" disabled={unreadCount === 0} onClick={() => dispatch(notificationsActions.markAllRequested())}>
          Mark all as read
        </Button>
      </div>
      <div ref={listRef} className="ro-notifications" role="list">
        {!loaded && loading ? null : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" style={{ margin: '24px 0' }} />
        ) : (
          items.map((item) => <Item key={item.id} item={item} now={now} />)
        )}
      </div>
    </div>
  );
}

function Item({ item, now }: { item: Notification; now: Date }) {
  const dispatch = useAppDispatch();
  const name = item.actor?.display_name || item.actor?.full_name || 'Remote Office';
  const where = [item.project?.title, item.list?.title].filter(Boolean).join(' · ');
  const { link } = useBeta();
  const target = notificationTarget(item);
  // Opening what it is about reads it and closes the popover.
  const open = () => {
    if (item.unread) dispatch(notificationsActions.markOneRequested(item.id));
    dispatch(notificationsActions.popoverClosed());
  };
  return (
    <div
      role="listitem"
      className={`ro-notification${item.unread ? ' ro-notification-unread' : ''}`}
      data-notification-id={item.id}
      data-unread={item.unread}
      data-testid="notification"
    >
      {item.actor ? <UserAvatar user={item.actor} size={32} /> : <UserAvatar name={name} size={32} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        {target ? (
          <Link to={link(target)} className="ro-notification-text ro-notification-link" onClick={open} data-testid="notification-link">
            {item.text}
          </Link>
        ) : (
          <div className="ro-notification-text">{item.text}</div>
        )}
        <div className="ro-notification-meta">
          {formatRelative(item.datetime, now)}
          {where ? ` · ${where}` : ''}
        </div>
      </div>
      {item.unread ? (
        <>
          <span className="ro-notification-dot" aria-label="Unread" />
          <Button
            type="link"
            size="small"
            className="ro-notification-mark"
            onClick={() => dispatch(notificationsActions.markOneRequested(item.id))}
          >
            Mark as read
          </Button>
        </>
      ) : null}
    </div>
  );
}
