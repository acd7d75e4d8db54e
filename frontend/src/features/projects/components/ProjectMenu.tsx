import { useEffect, useState } from 'react';
import { Button, Checkbox, Dropdown, Input, Modal, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Project } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { paths } from '../../../shared/routes';
import { useRequest } from '../../../shared/requests/useRequest';
import { projectsActions } from '../slice';
import { LazyProjectFormModal as ProjectFormModal } from './LazyProjectFormModal';

export const DELETE_PHRASE = 'DELETE PROJECT FOREVER';

/** Owners' project menu: Edit, Archive / Unarchive, and Delete (archived projects only). */
export function ProjectMenu({ project }: { project: Project }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'edit', label: 'Edit', onClick: () => setEditing(true) },
            { key: 'archive', label: project.archived_yn ? 'Unarchive' : 'Archive', onClick: () => setArchiving(true) },
            { key: 'delete', label: 'Delete', danger: true, disabled: !project.archived_yn, onClick: () => setDeleting(true) },
          ],
        }}
      >
        <Button aria-label="Project menu" icon={<MoreOutlined />} />
      </Dropdown>
      <ProjectFormModal open={editing} project={project} onClose={() => setEditing(false)} />
      <ArchiveDialog project={project} open={archiving} onClose={() => setArchiving(false)} onConfirm={() => {
        dispatch(projectsActions.projectArchiveRequested({ projectId: project.id, archived: !project.archived_yn }));
        setArchiving(false);
      }} />
      <DeleteDialog project={project} open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

function ArchiveDialog({ project, open, onClose, onConfirm }: { project: Project; open: boolean; onClose: () => void; onConfirm: () => void }) {
  const [understood, setUnderstood] = useState(false);
  const archiving = !project.archived_yn;
  return (
    <Modal
      open={open}
      title={archiving ? `Archive ${project.title}?` : `Unarchive ${project.title}?`}
      okText={archiving ? 'Archive' : 'Unarchive'}
      okButtonProps={{ disabled: archiving && !understood }}
      onOk={onConfirm}
      onCancel={onClose}
      afterClose={() => setUnderstood(false)}
    >
      {archiving ? (
        <>
          <Typography.Paragraph>All members lose access to this project until it is unarchived.</Typography.Paragraph>
          <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
            I understand that all members lose access
          </Checkbox>
        </>
      ) : (
        <Typography.Paragraph>The members get back the access they had before.</Typography.Paragraph>
      )}
    </Modal>
  );
}

function DeleteDialog({ project, open, onClose }: { project: Project; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState('');
  const [understood, setUnderstood] = useState(false);
  const { request, next, reset } = useRequest();
  useEffect(() => {
    if (request?.status === 'succeeded') {
      reset();
      onClose();
      navigate(paths.office);
    }
  }, [request, reset, onClose, navigate]);
  return (
    <Modal
      open={open}
      title={`Delete ${project.title} forever?`}
      okText="Delete forever"
      okButtonProps={{ danger: true, disabled: phrase !== DELETE_PHRASE || !understood }}
      confirmLoading={request?.status === 'pending'}
      onOk={() => dispatch(projectsActions.projectDeleteRequested({ projectId: project.id, requestId: next() }))}
      onCancel={onClose}
      afterClose={() => {
        setPhrase('');
        setUnderstood(false);
      }}
    >
      <Typography.Paragraph>
        The project, its lists, sections and tasks are deleted for everyone. Type <Typography.Text code>{DELETE_PHRASE}</Typography.Text> to confirm.
      </Typography.Paragraph>
      <Input value={phrase} onChange={(e) => setPhrase(e.target.value)} aria-label="Confirmation phrase" placeholder={DELETE_PHRASE} />
      <Checkbox style={{ marginTop: 12 }} checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
        I understand that this cannot be undone
      </Checkbox>
    </Modal>
  );
}
