import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, Empty, Input, Modal, Select, Spin, Tooltip } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { Section, Task } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { TaskCard } from '../../../features/tasks/components/TaskCard';
import { selectTaskEntities } from '../../../features/tasks/selectors';
import { tasksActions } from '../../../features/tasks/slice';
import { selectListPage, selectSectionTasks, selectSections, selectSiblingLists } from '../../../features/lists/selectors';
import { listsActions, SECTION_PAGE_SIZE } from '../../../features/lists/slice';

interface Props {
  section: Section;
  selectedTaskId: number | null;
  onOpenTask: (task: Task) => void;
}

/** The cards of one section, 10 at a time: the next page loads when the end scrolls into view. */
export function SectionTasks({ section, selectedTaskId, onOpenTask }: Props) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector((state) => selectSectionTasks(state, section.id));
  const entities = useAppSelector(selectTaskEntities);
  const { archiveView } = useAppSelector(selectListPage);
  const sentinel = useRef<HTMLDivElement>(null);
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
        <TaskCard key={task.id} task={task} selected={task.id === selectedTaskId} onOpen={onOpenTask} archivable />
      ))}
      {rows && !rows.loading && tasks.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={archiveView ? 'No archived tasks in section.' : 'No tasks in section.'} style={{ margin: 4 }} />
      )}
      {more && <div ref={sentinel} style={{ height: 1 }} />}
      {(!rows || rows.loading) && <Spin size="small" style={{ margin: 8 }} />}
      {more && !rows?.loading && (
        <Button size="small" type="link" onClick={() => dispatch(listsActions.sectionTasksRequested({ sectionId: section.id, page: Math.floor((rows?.ids.length ?? 0) / SECTION_PAGE_SIZE) + 1 }))}>
          Show more
        </Button>
      )}
      {!archiveView && !section.removed_yn && <NewTask sectionId={section.id} />}
    </div>
  );
}

function NewTask({ sectionId }: { sectionId: number }) {
  const dispatch = useAppDispatch();
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState(false);
  const { request, next } = useRequest(() => setTitle(''));
  if (!open) {
    return (
      <Button type="text" size="small" icon={<PlusOutlined />} style={{ alignSelf: 'flex-start', color: 'rgba(0,0,0,0.55)' }} onClick={() => setOpen(true)}>
        Add task
      </Button>
    );
  }
  const submit = () => {
    if (title.trim()) dispatch(tasksActions.taskCreateRequested({ sectionId, title: title.trim(), requestId: next() }));
  };
  return (
    <Input
      autoFocus
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

/** Header actions of a section: archive view (Unarchive all, merge, move, delete) or normal view. */
export function SectionActions({ section, isOwner }: { section: Section; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const { archiveView } = useAppSelector(selectListPage);
  const sections = useAppSelector(selectSections);
  const siblingLists = useAppSelector(selectSiblingLists);
  const [target, setTarget] = useState<{ kind: 'merge' | 'move'; id: number | null } | null>(null);
  const empty = section.task_count === 0 && section.archived_count === 0;
  const stop = (e: React.MouseEvent | React.KeyboardEvent) => e.stopPropagation();

  const removeSection = () => {
    if (section.task_count > 0) {
      Modal.confirm({
        title: `Remove ${section.title}?`,
        content: `Its ${section.task_count} open tasks will be archived.`,
        okText: 'Remove and archive',
        onOk: () => dispatch(listsActions.sectionRemoveRequested({ sectionId: section.id, confirmed: true })),
      });
    } else dispatch(listsActions.sectionRemoveRequested({ sectionId: section.id, confirmed: false }));
  };

  const items = archiveView
    ? [
        { key: 'unarchive', label: 'Unarchive all', disabled: section.archived_count === 0, onClick: () => dispatch(listsActions.sectionTasksArchiveRequested({ sectionId: section.id, archived: false })) },
        ...(isOwner
          ? [
              { key: 'merge', label: 'Merge into section…', onClick: () => setTarget({ kind: 'merge', id: null }) },
              { key: 'move', label: 'Move to list…', disabled: siblingLists.length === 0, onClick: () => setTarget({ kind: 'move', id: null }) },
              { key: 'delete', label: empty ? 'Delete' : <Tooltip title="Only empty sections can be deleted.">Delete</Tooltip>, danger: true, disabled: !empty, onClick: () => dispatch(listsActions.sectionDeleteRequested(section.id)) },
            ]
          : []),
      ]
    : [
        {
          key: 'archive',
          label: section.task_count === 0 ? <Tooltip title="You don't have task to be archived.">Archive all tasks</Tooltip> : 'Archive all tasks',
          disabled: section.task_count === 0,
          onClick: () => dispatch(listsActions.sectionTasksArchiveRequested({ sectionId: section.id, archived: true })),
        },
        ...(isOwner ? [{ key: 'remove', label: 'Remove section', danger: true, onClick: removeSection }] : []),
      ];

  const options =
    target?.kind === 'merge'
      ? sections.filter((s) => s.id !== section.id).map((s) => ({ value: s.id, label: s.title }))
      : siblingLists.map((l) => ({ value: l.id, label: l.title }));

  return (
    <span onClick={stop} onKeyDown={stop}>
      <Dropdown trigger={['click']} menu={{ items }}>
        <Button type="text" size="small" aria-label={`Section menu of ${section.title}`} icon={<MoreOutlined />} />
      </Dropdown>
      <Modal
        open={target !== null}
        title={target?.kind === 'merge' ? `Merge ${section.title} into…` : `Move ${section.title} to list…`}
        okText={target?.kind === 'merge' ? 'Merge' : 'Move'}
        okButtonProps={{ disabled: !target?.id }}
        onCancel={() => setTarget(null)}
        onOk={() => {
          if (target?.id) {
            if (target.kind === 'merge') dispatch(listsActions.sectionMergeRequested({ sectionId: section.id, intoSectionId: target.id }));
            else dispatch(listsActions.sectionMoveToListRequested({ sectionId: section.id, listId: target.id }));
          }
          setTarget(null);
        }}
      >
        <Select style={{ width: '100%' }} placeholder="Choose" options={options} value={target?.id ?? undefined} onChange={(id: number) => setTarget((t) => (t ? { ...t, id } : t))} />
      </Modal>
    </span>
  );
}
