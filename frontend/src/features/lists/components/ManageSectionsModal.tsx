import { useState } from 'react';
import { Alert, Button, Modal, Tooltip, Typography } from 'antd';
import { EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Section, SectionTable } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectActiveSections, selectRemovedSections } from '../selectors';
import { listsActions } from '../slice';
import { dropTarget, itemId } from '../dropTarget';
import { RenameSectionDialog } from './RenameSectionDialog';

/** Manage sections (width 720): reorder by drag and drop, move between Active and Removed, rename. */
export function ManageSectionsModal({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: () => void }) {
  const dispatch = useAppDispatch();
  const [renaming, setRenaming] = useState<Section | null>(null);
  const active = useAppSelector(selectActiveSections);
  const removed = useAppSelector(selectRemovedSections);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    if (!over) return;
    const move = dropTarget({ active, removed }, String(dragged.id), String(over.id));
    if (move) dispatch(listsActions.sectionMoveRequested(move));
  };

  return (
    <Modal
      open={open}
      width={720}
      title="Manage sections"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Alert type="info" showIcon title="Changes to sections apply to all members of the list." style={{ marginBottom: 16 }} />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SectionTableView
          table="active"
          title="Sections"
          sections={active}
          onRename={setRenaming}
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={onAdd}>
              Add sections
            </Button>
          }
        />
        <SectionTableView table="removed" title="Removed Sections" sections={removed} onRename={setRenaming} />
      </DndContext>
      <RenameSectionDialog section={renaming} onClose={() => setRenaming(null)} />
    </Modal>
  );
}

function SectionTableView({
  table,
  title,
  sections,
  extra,
  onRename,
}: {
  table: SectionTable;
  title: string;
  sections: Section[];
  extra?: React.ReactNode;
  onRename: (section: Section) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `table-${table}` });
  return (
    <section aria-label={title} style={{ marginBottom: 20 }}>
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0, flex: 1 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      <div role="table" aria-label={`${title} table`} style={{ border: '1px solid #f0f0f0', borderRadius: 8 }}>
        <div role="row" className="manage-sections__row" style={{ ...rowStyle, background: '#fafafa', fontWeight: 600, borderTopLeftRadius: 8, borderTopRightRadius: 8 }}>
          <span role="columnheader" style={{ width: 28 }} />
          <span role="columnheader" style={{ flex: 1 }}>Section</span>
          <span role="columnheader" className="manage-sections__num" style={numberCell}>Tasks</span>
          <span role="columnheader" className="manage-sections__num" style={numberCell}>Archived</span>
          <span role="columnheader" className="manage-sections__actions" />
        </div>
        <SortableContext id={table} items={sections.map(itemId)} strategy={verticalListSortingStrategy}>
          <div ref={setNodeRef} role="rowgroup" style={{ minHeight: 44, background: isOver ? '#f0f7ff' : undefined }}>
            {sections.map((section) => (
              <SectionRow key={section.id} section={section} table={table} onRename={() => onRename(section)} />
            ))}
            {sections.length === 0 && (
              <div role="row">
                <span role="cell" style={{ display: 'block', padding: 12, color: 'rgba(0,0,0,0.6)', textAlign: 'center' }}>
                  {table === 'active' ? 'No sections yet.' : 'No removed sections.'}
                </span>
              </div>
            )}
          </div>
        </SortableContext>
      </div>
    </section>
  );
}

// Gap and padding in global.css (.manage-sections__row): tighter at 390 px so a name keeps its line.
const rowStyle: React.CSSProperties = { display: 'flex', alignItems: 'center', borderBottom: '1px solid #f0f0f0', background: '#fff' };
const numberCell: React.CSSProperties = { textAlign: 'right' };

function SectionRow({ section, table, onRename }: { section: Section; table: SectionTable; onRename: () => void }) {
  const dispatch = useAppDispatch();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: itemId(section) });
  const empty = section.task_count === 0 && section.archived_count === 0;
  return (
    <div
      ref={setNodeRef}
      role="row"
      className="manage-sections__row"
      data-testid="manage-section-row"
      aria-label={section.title}
      style={{ ...rowStyle, transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : undefined }}
    >
      {/* A row holds cells only (axe aria-required-children): the drag handle sits in one. */}
      <span role="cell" style={{ width: 28 }}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          aria-label={`Drag ${section.title}`}
          {...attributes}
          {...listeners}
          style={{ width: 28, cursor: 'grab', background: 'none', border: 0, padding: 0, touchAction: 'none' }}
        >
          <HolderOutlined />
        </button>
      </span>
      <span role="cell" style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 4 }}>
        <span style={{ overflowWrap: 'break-word', minWidth: 0 }}>{section.title}</span>
        <Tooltip title="Rename">
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Rename ${section.title}`} onClick={onRename} />
        </Tooltip>
      </span>
      <span role="cell" className="manage-sections__num" style={numberCell}>{section.task_count}</span>
      <span role="cell" className="manage-sections__num" style={numberCell}>{section.archived_count}</span>
      <span role="cell" className="manage-sections__actions" style={{ textAlign: 'right' }}>
        {table === 'removed' ? (
          empty ? (
            <Button size="small" type="link" danger onClick={() => dispatch(listsActions.sectionDeleteRequested(section.id))}>
              Delete
            </Button>
          ) : (
            <Button size="small" type="link" onClick={() => dispatch(listsActions.sectionRestoreRequested(section.id))}>
              Restore
            </Button>
          )
        ) : (
          <Tooltip title="Move to Removed Sections">
            <Button
              size="small"
              type="link"
              onClick={() => {
                if (section.task_count > 0) {
                  Modal.confirm({
                    title: `Remove ${section.title}?`,
                    content: `Its ${section.task_count} open tasks will be archived.`,
                    okText: 'Remove and archive',
                    onOk: () => dispatch(listsActions.sectionRemoveRequested({ sectionId: section.id, confirmed: true })),
                  });
                } else dispatch(listsActions.sectionRemoveRequested({ sectionId: section.id, confirmed: false }));
              }}
            >
              Remove
            </Button>
          </Tooltip>
        )}
      </span>
    </div>
  );
}
