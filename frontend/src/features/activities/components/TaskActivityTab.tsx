import { useEffect, useState } from 'react';
import { Button, Empty, Popconfirm, Space, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Activity } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatRelative, useNow } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { selectActivityTab, selectTaskActivities } from '../selectors';
import { activitiesActions } from '../slice';
import { ActivityEditor } from './ActivityEditor';
import { ActivitySections } from './ActivitySections';
import '../activities.css';

const STATE_TAGS: Record<Activity['state'], { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'default' },
  submitted: { label: 'Submitted', color: 'processing' },
  confirmed: { label: 'Confirmed', color: 'success' },
  deleted: { label: 'Deleted', color: 'error' },
};

/** The activity tab of task details (spec 02 §2): newest first; write, edit, submit, confirm, delete.
 * Render it with `key={taskId}` so another task starts with no editor open. */
export function TaskActivityTab({ taskId }: { taskId: number }) {
  const dispatch = useAppDispatch();
  const tab = useAppSelector(selectActivityTab);
  const activities = useAppSelector((state) => selectTaskActivities(state, taskId));
  const [writing, setWriting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const now = useNow(60_000);

  useEffect(() => {
    dispatch(activitiesActions.tabRequested(taskId));
  }, [taskId, dispatch]);

  const loading = tab.taskId !== taskId || (tab.loading && !tab.loaded);
  return (
    <div data-testid="activity-tab">
      {writing ? (
        <ActivityEditor taskId={taskId} activityId={null} draft onDone={() => setWriting(false)} />
      ) : (
        <Button icon={<PlusOutlined />} onClick={() => setWriting(true)}>
          Write an activity
        </Button>
      )}
      <div style={{ marginTop: 12 }}>
        {loading ? (
          <TabSkeleton />
        ) : tab.error && activities.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab.error} />
        ) : activities.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activities yet." />
        ) : (
          activities.map((activity) =>
            editing === activity.id ? (
              <div key={activity.id} style={{ marginBottom: 8 }}>
                <ActivityEditor
                  taskId={taskId}
                  activityId={activity.id}
                  initial={activity.text_json}
                  draft={activity.state === 'draft'}
                  onDone={() => setEditing(null)}
                />
              </div>
            ) : (
              <ActivityItem key={activity.id} activity={activity} now={now} onEdit={() => setEditing(activity.id)} />
            ),
          )
        )}
      </div>
    </div>
  );
}

function ActivityItem({ activity, now, onEdit }: { activity: Activity; now: Date; onEdit: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.activities.busy.includes(activity.id));
  const tag = STATE_TAGS[activity.state];
  const at = activity.submitted_datetime ?? activity.created_datetime;
  return (
    <article className="ro-activity-card" aria-label={`Activity by ${activity.username}`} data-testid="activity">
      <UserAvatar user={{ id: activity.user, full_name: activity.full_name, display_name: activity.username, avatar: activity.avatar }} size={32} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div className="ro-activity-head">
          <strong>{activity.username}</strong>
          <time className="ro-activity-time" dateTime={at} title={new Date(at).toLocaleString()}>
            {formatRelative(at, now)}
          </time>
          <Tag color={tag.color} bordered={false}>
            {tag.label}
          </Tag>
          {activity.created_automatically_yn ? <Tag bordered={false}>Auto</Tag> : null}
          {activity.unread ? (
            <Tag color="blue" bordered={false}>
              New
            </Tag>
          ) : null}
        </div>
        <ActivitySections sections={activity.text_json} />
        <Space size={0} wrap style={{ marginTop: 6, marginLeft: -7 }}>
          {activity.can_edit ? (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          {activity.state === 'draft' && activity.can_edit ? (
            <Button type="link" size="small" loading={busy} onClick={() => dispatch(activitiesActions.submitRequested(activity.id))}>
              Submit
            </Button>
          ) : null}
          {activity.can_confirm ? (
            <Button type="link" size="small" loading={busy} onClick={() => dispatch(activitiesActions.confirmRequested(activity.id))}>
              Confirm
            </Button>
          ) : null}
          {activity.unread ? (
            <Button type="link" size="small" onClick={() => dispatch(activitiesActions.markReadRequested({ activityId: activity.id }))}>
              Mark as read
            </Button>
          ) : null}
          {activity.can_delete ? (
            <Popconfirm
              title="Delete this activity?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => dispatch(activitiesActions.deleteRequested(activity.id))}
            >
              <Button type="link" size="small" danger disabled={busy}>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </div>
    </article>
  );
}

function TabSkeleton() {
  const row = (width: string) => ({ width, height: 14, borderRadius: 6, background: 'rgba(0,0,0,0.06)' });
  return (
    <div aria-busy="true" aria-label="Loading activities" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {[0, 1].map((index) => (
        <div key={index} className="ro-activity-card">
          <div style={{ width: 32, height: 32, borderRadius: '50%', background: 'rgba(0,0,0,0.06)' }} />
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 8 }}>
            <div style={row('35%')} />
            <div style={row('85%')} />
          </div>
        </div>
      ))}
    </div>
  );
}
