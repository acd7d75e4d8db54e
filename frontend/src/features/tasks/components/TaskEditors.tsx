import { useRef, useState } from 'react';
import type { InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { Button, Input, Space, Tooltip, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { useAppDispatch } from '../../../shared/hooks';
import { fieldError, useRequest } from '../../../shared/requests/useRequest';
import { titleError, urlError } from '../editRules';
import { tasksActions } from '../slice';

// The details pane's in-place editors (TaskDetailsPane.tsx): the title, the link and the description.

/** Stored for an empty description (spec 02 §4); shown as empty. */
const EMPTY_DESCRIPTION = '""';

/** The title, renamed in place: Enter (or leaving the field) saves, Escape cancels. */
export function TitleEditor({ title, onSave }: { title: string; onSave: (title: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(title);
  const cancelled = useRef(false);
  const inputRef = useFocusOnOpen<InputRef>(editing);
  const error = editing ? titleError(text) : null;
  if (!editing) {
    return (
      // The pane's heading under the page's h1 (an h4 skipped levels: axe heading-order), drawn at h4's size.
      <Typography.Title level={2} style={{ margin: 0, flex: 1, minWidth: 0, fontSize: 20, lineHeight: 1.4 }}>
        <button
          type="button"
          className="task-title-button"
          title="Rename the task"
          onClick={() => {
            cancelled.current = false;
            setText(title);
            setEditing(true);
          }}
        >
          {title}
        </button>
      </Typography.Title>
    );
  }
  const finish = () => {
    if (cancelled.current) return;
    if (!titleError(text) && text.trim() !== title) onSave(text);
    setEditing(false);
  };
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Input
        ref={inputRef}
        aria-label="Task name"
        value={text}
        status={error ? 'error' : undefined}
        maxLength={300}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (!error) finish();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            cancelled.current = true;
            setEditing(false);
          }
        }}
        onBlur={() => {
          // Leaving the field saves a valid name and drops an invalid one.
          if (error) cancelled.current = true;
          if (error) setEditing(false);
          else finish();
        }}
        style={{ fontSize: 18, fontWeight: 600 }}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Enter to save, Escape to cancel
        </Typography.Text>
      )}
    </div>
  );
}

/** The task's link: edited in place, saved on Enter or leaving the field; opened with the icon. */
export function UrlEditor({ id, url, onSave }: { id: string; url: string; onSave: (url: string) => void }) {
  const [text, setText] = useState(url);
  const error = urlError(text);
  const commit = () => {
    if (error) return;
    if (text.trim() !== url) onSave(text);
  };
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ display: 'flex', gap: 4 }}>
        <Input
          id={id}
          aria-label="Task link"
          placeholder="https://"
          value={text}
          status={error ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={commit}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setText(url);
            }
          }}
        />
        {url && !error && text.trim() === url && (
          <Tooltip title="Open the link in a new tab">
            <Button aria-label="Open the link" className="task-icon-button" icon={<LinkOutlined />} href={url} target="_blank" rel="noopener noreferrer" />
          </Tooltip>
        )}
      </div>
      {error && text.trim() && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/** The description, under the Details tab: edited in a text area, saved with Confirm (the request's field message under it). */
export function DescriptionEditor({ taskId, description }: { taskId: number; description: string }) {
  const dispatch = useAppDispatch();
  const saved = description === EMPTY_DESCRIPTION ? '' : description;
  const [text, setText] = useState(saved);
  const [editing, setEditing] = useState(false);
  const editorRef = useFocusOnOpen<TextAreaRef>(editing);
  const { request, next } = useRequest(() => setEditing(false));
  const changed = text !== saved;
  // A refusal of the text itself shows under it; any other failure is a toast (shared/requests/sagas.ts).
  const textError = request?.status === 'failed' ? fieldError(request.fieldErrors, 'description') : undefined;

  if (!editing) {
    return (
      <button
        type="button"
        className="task-description-button"
        aria-label={saved ? 'Edit the task description' : 'Add a description'}
        onClick={() => {
          setText(saved);
          setEditing(true);
        }}
      >
        <Typography.Paragraph type={saved ? undefined : 'secondary'} style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {saved || 'Click here to add description'}
        </Typography.Paragraph>
      </button>
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
        status={textError ? 'error' : undefined}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `description-error-${taskId}` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {textError && (
        <Typography.Text type="danger" role="alert" id={`description-error-${taskId}`} style={{ display: 'block', marginTop: 4 }}>
          {textError}
        </Typography.Text>
      )}
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
