import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Space, Typography } from 'antd';
import type { Project } from '../../../api/types';
import { deleteProject, updateProject } from '../../../api/workspaceProjects';
import { feedback } from '../../../shared/feedback';
import { useFailure } from '../useAdminCall';

export const DELETE_PHRASE = 'DELETE PROJECT FOREVER';

interface Props {
  project: Project | null;
  onClose: () => void;
  /** Called after the change was saved (the panel reloads its page). */
  onDone: () => void;
}

/**
 * Archive or unarchive (spec 02 §2): archiving warns that every member loses access and needs the
 * understanding checkbox; unarchiving restores the members' previous access and needs none.
 */
export function ArchiveProjectDialog({ project, onClose, onDone }: Props) {
  const [understood, setUnderstood] = useState(false);
  const [saving, setSaving] = useState(false);
  const fail = useFailure();
  const archiving = project ? !project.archived_yn : true;

  const close = () => {
    setUnderstood(false);
    onClose();
  };
  const confirm = async () => {
    if (!project) return;
    setSaving(true);
    try {
      await updateProject(project.id, { archived_yn: archiving });
      feedback.success(archiving ? `${project.title} archived.` : `${project.title} unarchived.`);
      setUnderstood(false);
      onDone();
    } catch (error) {
      fail(error, archiving ? 'The project could not be archived.' : 'The project could not be unarchived.');
    } finally {
      setSaving(false);
    }
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
  const [phrase, setPhrase] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const fail = useFailure();
  const ready = phrase === DELETE_PHRASE && understood;

  const reset = () => {
    setPhrase('');
    setUnderstood(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!project || !ready) return;
    setDeleting(true);
    try {
      await deleteProject(project.id);
      feedback.success(`${project.title} deleted.`);
      reset();
      onDone();
    } catch (error) {
      fail(error, 'The project could not be deleted.');
    } finally {
      setDeleting(false);
    }
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
