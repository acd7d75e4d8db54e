import { useRef, useState } from 'react';
import { Button, Modal, Select, Tooltip } from 'antd';
import { MenuDropdown } from '../../../shared/MenuDropdown';
import { MoreOutlined } from '@ant-design/icons';
import type { Section } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectListPage, selectSections, selectSiblingLists } from '../selectors';
import { listsActions } from '../slice';
import { RenameSectionDialog } from './RenameSectionDialog';

/** Header actions of a section: archive view (Unarchive all, rename, merge, move, delete) or normal view (archive all, rename, remove). */
export function SectionActions({ section, isOwner }: { section: Section; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const { archiveView } = useAppSelector(selectListPage);
  const sections = useAppSelector(selectSections);
  const siblingLists = useAppSelector(selectSiblingLists);
  const [target, setTarget] = useState<{ kind: 'merge' | 'move'; id: number | null } | null>(null);
  const [renaming, setRenaming] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
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

  // Deleting a removed section cannot be undone: ask first.
  const deleteSection = () =>
    Modal.confirm({
      title: `Delete ${section.title}?`,
      content: 'The section is deleted for good.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => dispatch(listsActions.sectionDeleteRequested(section.id)),
    });

  const items = archiveView
    ? [
        { key: 'unarchive', label: 'Unarchive all', disabled: section.archived_count === 0, onClick: () => dispatch(listsActions.sectionTasksArchiveRequested({ sectionId: section.id, archived: false })) },
        ...(isOwner
          ? [
              { key: 'rename', label: 'Rename', onClick: () => setRenaming(true) },
              { key: 'merge', label: 'Merge into section…', onClick: () => setTarget({ kind: 'merge', id: null }) },
              { key: 'move', label: 'Move to list…', disabled: siblingLists.length === 0, onClick: () => setTarget({ kind: 'move', id: null }) },
              { key: 'delete', label: empty ? 'Delete' : <Tooltip title="Only empty sections can be deleted.">Delete</Tooltip>, danger: true, disabled: !empty, onClick: deleteSection },
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
        ...(isOwner
          ? [
              { key: 'rename', label: 'Rename', onClick: () => setRenaming(true) },
              { key: 'remove', label: 'Remove section', danger: true, onClick: removeSection },
            ]
          : []),
      ];

  const options =
    target?.kind === 'merge'
      ? sections.filter((s) => s.id !== section.id).map((s) => ({ value: s.id, label: s.title }))
      : siblingLists.map((l) => ({ value: l.id, label: l.title }));

  return (
    // Not a control: it keeps clicks and keys of the menu and its dialog from toggling the section.
    <span ref={wrapper} role="presentation" onClick={stop} onKeyDown={stop}>
      <MenuDropdown menu={{ items }}>
        <Button type="text" size="small" aria-label={`Section menu of ${section.title}`} icon={<MoreOutlined />} />
      </MenuDropdown>
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
      <RenameSectionDialog
        section={renaming ? section : null}
        onClose={() => setRenaming(false)}
        // Focus goes back to the section's '⋮' (the menu item that opened the dialog is gone).
        afterClose={() => wrapper.current?.querySelector<HTMLElement>('button')?.focus()}
      />
    </span>
  );
}
