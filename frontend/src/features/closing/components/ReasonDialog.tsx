import { useState } from 'react';
import { Input, Modal } from 'antd';

/** Asks for a reason (a rejection, a reopen, a declined correction) before `onOk`. */
export function ReasonDialog({
  title,
  okText,
  required,
  busy,
  onOk,
  onCancel,
}: {
  title: string;
  okText: string;
  required: boolean;
  busy: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      title={title}
      okText={okText}
      confirmLoading={busy}
      okButtonProps={{ disabled: required && !reason.trim() }}
      onOk={() => onOk(reason.trim())}
      onCancel={onCancel}
    >
      <label htmlFor="closing-reason">Reason{required ? '' : ' (optional)'}</label>
      <Input.TextArea id="closing-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}
