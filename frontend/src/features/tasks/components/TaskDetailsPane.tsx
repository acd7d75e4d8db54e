import { useEffect, type ReactNode } from 'react';
import { Button, Empty, Select, Tabs, Tooltip, Typography } from 'antd';
import { CloseOutlined, DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { TaskTab } from '../../../shared/routes';
import type { Task } from '../../../api/types';
import { feedback } from '../../../shared/feedback';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectCurrentUser } from '../../../shared/session';
import {
  PRIORITY_LABELS,
  canManageTask,
  memberIds,
  memberOptions,
  ownerOptions,
  taskChanges,
  type TaskDraft,
} from '../editRules';
import { selectTaskById } from '../selectors';
import { tasksActions } from '../slice';
import { PriorityMark, TaskFlagButtons, type TodayOffConfirm } from './TaskCard';
import { DescriptionEditor, TitleEditor, UrlEditor } from './TaskEditors';
import '../tasks.css';

const NO_MEMBERS: never[] = [];

interface Props {
  taskId: number | null;
  tab: TaskTab;
  /** The activity tab's content for a task (the activities feature, composed by the page). */
  renderActivity?: (taskId: number) => ReactNode;
  onTab: (tab: TaskTab) => void;
  onClose: () => void;
  /** Time worked and the tracker control for the open task (filled by the page). */
  renderTime?: (task: Task) => ReactNode;
  confirmTodayOff?: TodayOffConfirm;
}

/** The details pane next to the cards: the task's fields, then the activity and details tabs (spec 02 §2). */
export function TaskDetailsPane({ taskId, tab, onTab, onClose, renderActivity, renderTime, confirmTodayOff }: Props) {
  const dispatch = useAppDispatch();
  const task = useAppSelector((state) => selectTaskById(state, taskId));
  const projectId = task?.project;
  const projectMembers = useAppSelector((state) => (projectId === undefined ? undefined : state.tasks.projectMembers[projectId]));
  const me = useAppSelector(selectCurrentUser)?.id;
  const saving = useAppSelector((state) => taskId !== null && state.tasks.saving.includes(taskId));

  useEffect(() => {
    if (taskId !== null) dispatch(tasksActions.taskRequested(taskId));
  }, [taskId, dispatch]);
  useEffect(() => {
    if (projectId !== undefined) dispatch(tasksActions.projectMembersRequested(projectId));
  }, [projectId, dispatch]);

  if (taskId === null || !task) {
    return (
      <aside aria-label="Task details" className="task-details-pane task-details-empty">
        <Empty description={<><Typography.Text strong>No task selected</Typography.Text><br />Click a task card to see its details.</>} style={{ marginTop: 80 }} />
      </aside>
    );
  }
  const members = projectMembers ?? NO_MEMBERS;
  const manager = canManageTask(task, me, members);
  // Until the project's members arrive, the task's own people name the chosen values.
  const candidates = projectMembers ? ownerOptions(projectMembers) : task.members.map((m) => ({ value: m.id, label: m.display_name }));
  const save = (draft: TaskDraft) => {
    const changes = taskChanges(task, draft);
    if (changes) dispatch(tasksActions.taskUpdateRequested({ taskId: task.id, changes }));
  };
  const confirmDelete = () =>
    feedback.confirm({
      title: 'Delete this task?',
      content: `'${task.title}' will be deleted for every member of the project. This cannot be undone.`,
      okText: 'Delete task',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        dispatch(tasksActions.taskDeleteRequested(task.id));
        onClose();
      },
    });

  return (
    <aside aria-label="Task details" className="task-details-pane" aria-busy={saving}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
        <TitleEditor key={`${task.id}:${task.title}`} title={task.title} onSave={(title) => save({ title })} />
        <Tooltip title="Close details">
          <Button type="text" className="task-icon-button" aria-label="Close details" icon={<CloseOutlined />} onClick={onClose} />
        </Tooltip>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', padding: '0 4px' }}>
        {task.task_list_title} · {task.section_title}
        {task.archived_yn && ' · archived'}
      </Typography.Text>
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 8, flexWrap: 'wrap' }}>
        <TaskFlagButtons task={task} confirmTodayOff={confirmTodayOff} />
        {renderTime?.(task)}
        <span style={{ flex: 1 }} />
        <Button
          size="small"
          icon={task.archived_yn ? <UndoOutlined /> : <InboxOutlined />}
          onClick={() => dispatch(tasksActions.taskArchiveRequested({ taskId: task.id, archived: !task.archived_yn }))}
        >
          {task.archived_yn ? 'Unarchive' : 'Archive'}
        </Button>
        {manager && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            Delete
          </Button>
        )}
      </div>
      <div className="task-details-fields">
        <label htmlFor={`task-owner-${task.id}`}>Owner</label>
        <Select
          id={`task-owner-${task.id}`}
          aria-label="Task owner"
          showSearch
          optionFilterProp="label"
          loading={!projectMembers}
          disabled={!manager}
          placeholder="No owner"
          value={task.owner_user ?? undefined}
          options={candidates}
          onChange={(owner: number) => save({ owner_user: owner })}
        />
        <label htmlFor={`task-members-${task.id}`}>Members</label>
        <Select
          id={`task-members-${task.id}`}
          aria-label="Task members"
          mode="multiple"
          showSearch
          optionFilterProp="label"
          loading={!projectMembers}
          disabled={!manager}
          placeholder={manager ? 'Add members' : 'No members'}
          value={memberIds(task)}
          options={memberOptions(candidates, task.owner_user)}
          onChange={(ids: number[]) => save({ members: ids })}
          maxTagCount="responsive"
        />
        <label htmlFor={`task-priority-${task.id}`}>Priority</label>
        <Select
          id={`task-priority-${task.id}`}
          aria-label="Priority"
          value={task.priority}
          options={PRIORITY_LABELS.map((_, level) => ({ value: level, label: <PriorityMark priority={level} withLabel /> }))}
          onChange={(priority: number) => save({ priority })}
        />
        <label htmlFor={`task-url-${task.id}`}>Link</label>
        <UrlEditor key={`${task.id}:${task.url ?? ''}`} id={`task-url-${task.id}`} url={task.url ?? ''} onSave={(url) => save({ url })} />
      </div>
      {!manager && projectMembers && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          The task owner and project owners change the owner and members and delete the task.
        </Typography.Text>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as TaskTab)}
        items={[
          {
            key: 'activity',
            label: 'Activity',
            children: renderActivity ? renderActivity(task.id) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activities yet." />,
          },
          { key: 'details', label: 'Details', children: <DescriptionEditor key={task.id} taskId={task.id} description={task.description} /> },
        ]}
      />
    </aside>
  );
}
