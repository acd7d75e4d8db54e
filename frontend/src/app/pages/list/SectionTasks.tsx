import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { Button, Empty, Input, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Section, Task } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { TaskCard } from '../../../features/tasks/components/TaskCard';
import { selectTaskEntities } from '../../../features/tasks/selectors';
import { tasksActions } from '../../../features/tasks/slice';
import { selectListPage, selectSectionTasks } from '../../../features/lists/selectors';
import { listsActions, SECTION_PAGE_SIZE } from '../../../features/lists/slice';
import { renderTaskTime, useConfirmTodayOff } from '../../time/dayTime';

interface Props {
  section: Section;
  selectedTaskId: number | null;
  onOpenTask: (task: Task) => void;
  /** False when the whole list is empty: the page shows one empty state instead. */
  showEmpty?: boolean;
  /** The list's first section: 'New task in this list' (N) opens its new-task input. */
  first?: boolean;
}

/** The cards of one section, 10 at a time: the next page loads when the end scrolls into view. */
export function SectionTasks({ section, selectedTaskId, onOpenTask, showEmpty = true, first = false }: Props) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector((state) => selectSectionTasks(state, section.id));
  const entities = useAppSelector(selectTaskEntities);
  const { archiveView } = useAppSelector(selectListPage);
  const sentinel = useRef<HTMLDivElement>(null);
  const confirmTodayOff = useConfirmTodayOff();
  const more = rows ? rows.ids.length < rows.count : false;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !rows || !more || rows.loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        dispatch(listsActions.sectionTasksRequested({ sectionId: section.id, page: Math.floor(rows.ids.length / SECTION_PAGE_SIZE) + 1 }));
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [rows, more, section.id, dispatch]);

  const tasks = (rows?.ids ?? []).map((id) => entities[id]).filter((t): t is Task => Boolean(t));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      {tasks.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          selected={task.id === selectedTaskId}
          onOpen={onOpenTask}
          archivable
          timeSlot={task.archived_yn ? undefined : renderTaskTime(task)}
          confirmTodayOff={confirmTodayOff}
        />
      ))}
      {showEmpty && rows && !rows.loading && tasks.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={archiveView ? 'No archived tasks in section.' : 'No tasks in section.'} style={{ margin: 4 }} />
      )}
      {more && <div ref={sentinel} style={{ height: 1 }} />}
      {(!rows || rows.loading) && <Spin size="small" style={{ margin: 8 }} />}
      {more && !rows?.loading && (
        <Button size="small" type="link" onClick={() => dispatch(listsActions.sectionTasksRequested({ sectionId: section.id, page: Math.floor((rows?.ids.length ?? 0) / SECTION_PAGE_SIZE) + 1 }))}>
          Show more
        </Button>
      )}
      {!archiveView && !section.removed_yn && <NewTask sectionId={section.id} first={first} />}
    </div>
  );
}

function NewTask({ sectionId, first }: { sectionId: number; first: boolean }) {
  const dispatch = useAppDispatch();
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState(false);
  // N ('New task in this list') opens the first section's input (adjusted while rendering).
  const asked = useAppSelector((state) => state.lists.newTaskCount);
  const [seenAsked, setSeenAsked] = useState(asked);
  if (seenAsked !== asked) {
    setSeenAsked(asked);
    if (first) setOpen(true);
  }
  const { request, next } = useRequest(() => setTitle(''));
  const inputRef = useFocusOnOpen<InputRef>(open);
  if (!open) {
    return (
      <Button type="text" size="small" icon={<PlusOutlined />} style={{ alignSelf: 'flex-start', color: 'rgba(0,0,0,0.6)' }} onClick={() => setOpen(true)}>
        Add task
      </Button>
    );
  }
  const submit = () => {
    if (title.trim()) dispatch(tasksActions.taskCreateRequested({ sectionId, title: title.trim(), requestId: next() }));
  };
  return (
    <Input
      ref={inputRef}
      size="small"
      placeholder="Task name, then Enter"
      aria-label="New task name"
      value={title}
      status={request?.status === 'failed' ? 'error' : undefined}
      onChange={(e) => setTitle(e.target.value)}
      onPressEnter={submit}
      onBlur={() => !title && setOpen(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    />
  );
}
