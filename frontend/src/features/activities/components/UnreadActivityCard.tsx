import { Button, Tag } from 'antd';
import type { Activity } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { formatTime } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { activitiesActions } from '../slice';
import { ActivitySections } from './ActivitySections';

/** An unread activity: user, time, the 'New' tag and Mark as read (spec 02 §2). */
export function UnreadActivityCard({ activity, leaving }: { activity: Activity; leaving: boolean }) {
  const dispatch = useAppDispatch();
  const at = activity.submitted_datetime ?? activity.created_datetime;
  return (
    <div className={`ro-node${leaving ? ' ro-leaving' : ''}`} data-testid="unread-activity">
      <div className="ro-node-inner">
        <article className="ro-activity-card" aria-label={`Activity by ${activity.username}`}>
          <UserAvatar user={{ id: activity.user, full_name: activity.full_name, display_name: activity.username, avatar: activity.avatar }} size={32} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div className="ro-activity-head">
              <strong>{activity.username}</strong>
              <time className="ro-activity-time" dateTime={at}>
                {formatTime(at)}
              </time>
              <Tag color="blue" bordered={false}>
                New
              </Tag>
              <span style={{ flex: 1 }} />
              <Button type="link" size="small" onClick={() => dispatch(activitiesActions.markReadRequested({ activityId: activity.id }))}>
                Mark as read
              </Button>
            </div>
            <ActivitySections sections={activity.text_json} />
          </div>
        </article>
      </div>
    </div>
  );
}
