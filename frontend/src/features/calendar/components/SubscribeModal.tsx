import { useEffect } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectCalendar } from '../selectors';
import { calendarActions } from '../slice';

/** Subscribe: the private iCalendar address of the member's own shifts and planned sessions. */
export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { feed } = useAppSelector(selectCalendar);
  useEffect(() => {
    dispatch(calendarActions.feedRequested());
  }, [dispatch]);

  return (
    <Modal open title="Subscribe to your calendar" onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <Typography.Paragraph>
        Add this address to your calendar app (Google Calendar, Outlook, Apple Calendar) as a calendar &quot;from URL&quot;: it shows
        your shifts of the last three months and your planned sessions. Keep it private: anyone with it can read them.
      </Typography.Paragraph>
      {feed.url ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={feed.url} aria-label="Calendar address" onFocus={(e) => e.target.select()} />
            <Button onClick={() => void navigator.clipboard?.writeText(feed.url ?? '')}>Copy</Button>
          </Space.Compact>
          <Space wrap>
            <Button loading={feed.busy} onClick={() => dispatch(calendarActions.feedRotateRequested())}>
              New address
            </Button>
            <Button danger loading={feed.busy} onClick={() => dispatch(calendarActions.feedRevokeRequested())}>
              Stop sharing
            </Button>
          </Space>
          <Typography.Text type="secondary">A new address stops the old one from working.</Typography.Text>
        </Space>
      ) : (
        <Button type="primary" loading={feed.busy || !feed.loaded} onClick={() => dispatch(calendarActions.feedRotateRequested())}>
          Create address
        </Button>
      )}
    </Modal>
  );
}
