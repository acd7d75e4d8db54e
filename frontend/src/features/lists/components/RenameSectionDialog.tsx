import { useId, useState } from 'react';
import { Form, Input, Modal, type InputRef } from 'antd';
import type { Section } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { fieldError, useRequest } from '../../../shared/requests/useRequest';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { selectSections } from '../selectors';
import { listsActions } from '../slice';
import { cleanSectionName, SECTION_NAME_MAX, sectionNameError } from '../sectionRules';

/**
 * 'Rename section' (Done), from the section's '⋮' menu and from Manage sections. Done waits for a
 * changed, valid name; the server's answer closes it with a toast or shows its message here.
 */
export function RenameSectionDialog({ section, onClose, afterClose }: { section: Section | null; onClose: () => void; afterClose?: () => void }) {
  const dispatch = useAppDispatch();
  const sections = useAppSelector(selectSections);
  const open = section !== null;
  const [name, setName] = useState('');
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  // One dialog per section stays mounted once opened: each field needs its own id for its label.
  const fieldId = useId();
  const inputRef = useFocusOnOpen<InputRef>(open);
  const { request, next, reset } = useRequest(() => onClose());
  // Each opening starts from the section's name as it is then; a live rename while open leaves the field alone.
  if (section && openedFor !== section.id) {
    setOpenedFor(section.id);
    setName(section.title);
    reset();
  } else if (!section && openedFor !== null) setOpenedFor(null);

  const sectionId = section?.id ?? 0;
  const unchanged = cleanSectionName(name) === section?.title;
  const error = unchanged || !section ? null : sectionNameError(name, sections, sectionId);
  const serverError = request?.status === 'failed' ? fieldError(request.fieldErrors, 'title') : undefined;
  const message = error ?? serverError;
  const pending = request?.status === 'pending';

  const submit = () => {
    if (!section || unchanged || error || pending) return;
    dispatch(listsActions.sectionRenameRequested({ sectionId, title: cleanSectionName(name), requestId: next() }));
  };

  return (
    <Modal
      open={open}
      title="Rename section"
      okText="Done"
      okButtonProps={{ disabled: !section || unchanged || error !== null }}
      confirmLoading={pending}
      onOk={submit}
      onCancel={onClose}
      afterClose={afterClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Section name" htmlFor={fieldId} validateStatus={message ? 'error' : undefined} help={message}>
          <Input
            id={fieldId}
            ref={inputRef}
            value={name}
            maxLength={SECTION_NAME_MAX}
            aria-invalid={message ? true : undefined}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
