import { useEffect, useState } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { Button, Empty, Input, Space, Tabs, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { TaskTab } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { selectTaskById } from '../selectors';
import { tasksActions } from '../slice';
import { TaskCard } from './TaskCard';

/** Stored for an empty description (spec 02 §4); shown as empty. */
const EMPTY_DESCRIPTION = '""';

interface Props {
  taskId: number | null;
  tab: TaskTab;
  onTab: (tab: TaskTab) => void;
  onClose: () => void;
}

/** The details pane next to the cards: activity and details tabs (spec 02 §2). */
export function TaskDetailsPane({ taskId, tab, onTab, onClose }: Props) {
  const dispatch = useAppDispatch();
  const task = useAppSelector((state) => selectTaskById(state, taskId));

  useEffect(() => {
    if (taskId !== null) dispatch(tasksActions.taskRequested(taskId));
  }, [taskId, dispatch]);

  if (taskId === null || !task) {
    return (
      <aside aria-label="Task details" style={paneStyle}>
        <Empty description={<><Typography.Text strong>No task selected</Typography.Text><br />Click a task card to see its details.</>} style={{ marginTop: 80 }} />
      </aside>
    );
  }
  return (
    <aside aria-label="Task details" style={paneStyle}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
        <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
          {task.title}
        </Typography.Title>
        <Button type="text" aria-label="Close details" icon={<CloseOutlined />} onClick={onClose} />
      </div>
      <div style={{ margin: '12px 0' }}>
        <TaskCard task={task} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as TaskTab)}
        items={[
          {
            key: 'activity',
            label: 'Activity',
            children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activities yet." />,
          },
          { key: 'details', label: 'Details', children: <DescriptionEditor key={task.id} taskId={task.id} description={task.description} /> },
        ]}
      />
    </aside>
  );
}

const paneStyle: React.CSSProperties = {
  width: 400,
  flex: 'none',
  background: '#fff',
  borderRadius: 8,
  padding: 20,
  border: '1px solid #f0f0f0',
  alignSelf: 'flex-start',
  position: 'sticky',
  top: 16,
};

function DescriptionEditor({ taskId, description }: { taskId: number; description: string }) {
  const dispatch = useAppDispatch();
  const saved = description === EMPTY_DESCRIPTION ? '' : description;
  const [text, setText] = useState(saved);
  const [editing, setEditing] = useState(false);
  const editorRef = useFocusOnOpen<TextAreaRef>(editing);
  const { request, next } = useRequest(() => setEditing(false));
  const changed = text !== saved;

  if (!editing) {
    return (
      <Typography.Paragraph
        onClick={() => {
          setText(saved);
          setEditing(true);
        }}
        type={saved ? undefined : 'secondary'}
        style={{ cursor: 'text', whiteSpace: 'pre-wrap', minHeight: 44, padding: 4, borderRadius: 6, border: '1px dashed #f0f0f0' }}
        aria-label="Task description"
      >
        {saved || 'Click here to add description'}
      </Typography.Paragraph>
    );
  }
  return (
    <div>
      <Input.TextArea
        ref={editorRef}
        aria-label="Task description"
        placeholder="Click here to add description"
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Space style={{ marginTop: 8 }}>
        <Button onClick={() => setEditing(false)}>Cancel</Button>
        <Button
          type="primary"
          disabled={!changed}
          loading={request?.status === 'pending'}
          onClick={() => dispatch(tasksActions.taskDescriptionSubmitted({ taskId, description: text, requestId: next() }))}
        >
          Confirm
        </Button>
      </Space>
    </div>
  );
}
