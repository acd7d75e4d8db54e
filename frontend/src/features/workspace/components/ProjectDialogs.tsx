import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Space, Typography } from 'antd';
import type { Project } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { workspaceActions } from '../slice';

export const DELETE_PHRASE = 'DELETE PROJECT FOREVER';

interface Props {
  project: Project | null;
  onClose: () => void;
  /** Called after the change was saved (the panel reloads its page: workspaceActions.projectsChanged). */
  onDone: () => void;
}

/**
 * Archive or unarchive (spec 02 §2): archiving warns that every member loses access and needs the
 * understanding checkbox; unarchiving restores the members' previous access and needs none.
 */
export function ArchiveProjectDialog({ project, onClose, onDone }: Props) {
  const dispatch = useAppDispatch();
  const [understood, setUnderstood] = useState(false);
  // The saga says how the write went (a refusal keeps the dialog open; workers.ts archiveProject).
  const { request, next } = useRequest(() => {
    setUnderstood(false);
    onDone();
  });
  const saving = request?.status === 'pending';
  const archiving = project ? !project.archived_yn : true;

  const close = () => {
    setUnderstood(false);
    onClose();
  };
  const confirm = () => {
    if (!project) return;
    dispatch(workspaceActions.projectArchiveRequested({ requestId: next(), project, archived: archiving }));
  };

  return (
    <Modal
      open={project !== null}
      title={archiving ? 'Archive project' : 'Unarchive project'}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="ok" type="primary" danger={archiving} loading={saving} disabled={archiving && !understood} onClick={confirm}>
          {archiving ? 'Archive' : 'Unarchive'}
        </Button>,
      ]}
    >
      {project && archiving && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            message={`All members of ${project.title} will lose access to it.`}
            description="Only its owners and workspace admins see an archived project. Unarchiving it gives every member their access back."
          />
          <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
            I understand that all members lose access to this project
          </Checkbox>
        </Space>
      )}
      {project && !archiving && (
        <Typography.Paragraph>
          {project.title} becomes active again and its members get back the access they had before it was archived.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/** Delete an archived project for real: the exact phrase and the checkbox, then 'Delete forever'. */
export function DeleteProjectDialog({ project, onClose, onDone }: Props) {
  const dispatch = useAppDispatch();
  const [phrase, setPhrase] = useState('');
  const [understood, setUnderstood] = useState(false);
  const ready = phrase === DELETE_PHRASE && understood;

  const clear = () => {
    setPhrase('');
    setUnderstood(false);
  };
  const { request, next } = useRequest(() => {
    clear();
    onDone();
  });
  const deleting = request?.status === 'pending';
  const close = () => {
    clear();
    onClose();
  };
  const confirm = () => {
    if (!project || !ready) return;
    dispatch(workspaceActions.projectDeleteRequested({ requestId: next(), project }));
  };

  return (
    <Modal
      open={project !== null}
      title="Delete project"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="ok" type="primary" danger loading={deleting} disabled={!ready} onClick={confirm}>
          Delete forever
        </Button>,
      ]}
    >
      {project && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="error"
            showIcon
            message={`${project.title} will be deleted forever`}
            description="Its task lists, sections, tasks, activities and time on its tasks are deleted with it. This cannot be undone."
          />
          <label htmlFor="delete-phrase">
            Type <Typography.Text strong>{DELETE_PHRASE}</Typography.Text> to confirm
          </label>
          <Input id="delete-phrase" value={phrase} onChange={(event) => setPhrase(event.target.value)} autoComplete="off" />
          <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
            I understand that this project is deleted forever
          </Checkbox>
        </Space>
      )}
    </Modal>
  );
}
