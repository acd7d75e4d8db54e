import { useSectionLevel } from './sectionLevel';
import { lazy, Suspense } from 'react';
import { Button, Skeleton, Typography } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { PENDING_TEXT } from '../../../../shared/outbox/slice';
import type { WorkDay } from '../../../../api/checkout';
import { useAppDispatch } from '../../../../shared/hooks';
import { useNotes, useNotesDraft } from '../../hooks';
import { NOTES_READ_ONLY } from '../../rules';
import { checkoutActions } from '../../slice';

// draft-js loads with the checkout, never with the office (bench/bundle/budget.json).
const NotesEditor = lazy(() => import('../NotesEditor'));

interface Props {
  workDay: WorkDay;
  editing: boolean;
  isOwn: boolean;
  isCurrentDay: boolean;
}

/** The checkout note: written on blur by the owner on their current day, read-only elsewhere (spec 01 §4). */
export function NotesSection({ workDay, editing, isOwn, isCurrentDay }: Props) {
  const level = useSectionLevel();
  const dispatch = useAppDispatch();
  const saveState = useNotes(editing ? workDay.id : null, workDay.checkout_notes ?? null);
  const draft = useNotesDraft(editing ? workDay.id : null);
  const canDraft = editing && draft.empty && !workDay.checkout_notes;
  const placeholder = editing ? 'What did you do today? What is next?' : isCurrentDay && isOwn ? 'Press Modify to write your checkout note.' : NOTES_READ_ONLY;
  return (
    <>
      <div className="checkout__notes-head">
        <Typography.Title level={level}>Notes</Typography.Title>
        {canDraft && (
          <Button
            size="small"
            className="checkout__notes-draft"
            icon={<ProfileOutlined />}
            loading={draft.drafting}
            onClick={() => dispatch(checkoutActions.draftRequested({ workDayId: workDay.id }))}
          >
            Start from my day
          </Button>
        )}
        {editing && (
          <Typography.Text type={saveState === 'failed' ? 'danger' : 'secondary'} data-testid="checkout-save-state" aria-live="polite">
            {saveState === 'saving' ? 'Saving…' : saveState === 'failed' ? 'Not saved yet: retrying' : saveState === 'pending' ? PENDING_TEXT : 'Saved'}
          </Typography.Text>
        )}
      </div>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <NotesEditor
          key={editing ? `edit-${workDay.id}-${draft.seed?.n ?? 0}` : `read-${workDay.id}-${workDay.checkout_notes ?? ''}`}
          notes={draft.seed?.text ?? workDay.checkout_notes ?? null}
          readOnly={!editing}
          placeholder={placeholder}
          onBlur={(text) => dispatch(checkoutActions.notesBlurred({ workDayId: workDay.id, text }))}
        />
      </Suspense>
      {!isCurrentDay && isOwn && (
        <Typography.Text type="secondary" className="checkout__hint">
          {NOTES_READ_ONLY}
        </Typography.Text>
      )}
    </>
  );
}
