import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ActivitySection } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { activitiesActions } from '../slice';

const MAX_SECTIONS = 20;
const blank = (): ActivitySection => ({ section_title: '', section_text: '', display_title: true });

interface Props {
  taskId: number;
  /** The activity being edited; null writes a new one. */
  activityId: number | null;
  initial?: readonly ActivitySection[];
  /** Whether the activity is still a draft (a submitted one is edited without Submit). */
  draft: boolean;
  onDone: () => void;
}

/** Writes an activity in sections: a title (shown or not) and a text each; Save draft or Submit. */
export function ActivityEditor({ taskId, activityId, initial, draft, onDone }: Props) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector((state) => state.activities.saving);
  const [sections, setSections] = useState<ActivitySection[]>(() => (initial?.length ? initial.map((s) => ({ ...s })) : [blank()]));
  const [pending, setPending] = useState(false);
  const mine = saving === (activityId === null ? 'new' : String(activityId));
  const written = sections.some((section) => section.section_text.trim());

  // The saga's answer ends the edit: saving goes back to null; an error keeps the editor open.
  const error = useAppSelector((state) => state.activities.saveError);
  useEffect(() => {
    if (pending && !mine && !error) onDone();
  }, [pending, mine, error, onDone]);

  const change = (index: number, patch: Partial<ActivitySection>) =>
    setSections((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const save = (submit: boolean) => {
    setPending(true);
    dispatch(activitiesActions.saveRequested({ taskId, id: activityId, sections, submit }));
  };

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 12, background: '#fff' }} data-testid="activity-editor">
      {sections.map((section, index) => (
        <fieldset key={index} style={{ border: 0, padding: 0, margin: index ? '12px 0 0' : 0 }}>
          <legend className="ro-muted" style={{ fontSize: 12 }}>
            Section {index + 1}
          </legend>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Input
              aria-label={`Section ${index + 1} title`}
              placeholder="Section title"
              value={section.section_title}
              maxLength={120}
              onChange={(event) => change(index, { section_title: event.target.value })}
            />
            <label className="ro-muted" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12, whiteSpace: 'nowrap' }}>
              <input
                type="checkbox"
                checked={section.display_title}
                onChange={(event) => change(index, { display_title: event.target.checked })}
              />
              Show title
            </label>
            <Button
              type="text"
              aria-label={`Remove section ${index + 1}`}
              icon={<DeleteOutlined />}
              disabled={sections.length === 1}
              onClick={() => setSections((rows) => rows.filter((_, i) => i !== index))}
            />
          </div>
          <Input.TextArea
            aria-label={`Section ${index + 1} text`}
            placeholder="What did you do?"
            autoSize={{ minRows: 2, maxRows: 8 }}
            style={{ marginTop: 6 }}
            value={section.section_text}
            maxLength={20000}
            onChange={(event) => change(index, { section_text: event.target.value })}
          />
        </fieldset>
      ))}
      <div style={{ display: 'flex', alignItems: 'center', marginTop: 12, gap: 8, flexWrap: 'wrap' }}>
        <Button icon={<PlusOutlined />} size="small" disabled={sections.length >= MAX_SECTIONS} onClick={() => setSections((rows) => [...rows, blank()])}>
          Add section
        </Button>
        <span style={{ flex: 1 }} />
        <Space>
          <Button onClick={onDone} disabled={mine}>
            Cancel
          </Button>
          {draft ? (
            <>
              <Button loading={mine} onClick={() => save(false)}>
                Save draft
              </Button>
              <Button type="primary" loading={mine} disabled={!written} onClick={() => save(true)}>
                Submit
              </Button>
            </>
          ) : (
            <Button type="primary" loading={mine} disabled={!written} onClick={() => save(false)}>
              Save
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}
