import { useMemo, useState } from 'react';
import { Button, Empty, Modal, Select, Space, Typography } from 'antd';
import type { CheckoutCheckId, CheckoutCheckStatus } from '../../../api/checkout';
import { CHECK_TITLES } from '../rules';
import { groupDate } from '../dates';

interface Props {
  open: boolean;
  messages: CheckoutCheckStatus[];
  busy: boolean;
  onDismiss: (id: number) => void;
  onDismissAll: (check: CheckoutCheckId | null) => void;
  onClose: () => void;
}

/** 'Show N more': every unconfirmed message of earlier days, filterable by check (spec 01 §2). */
export function CheckMessagesModal({ open, messages, busy, onDismiss, onDismissAll, onClose }: Props) {
  const [type, setType] = useState<CheckoutCheckId | 'all'>('all');
  const shown = useMemo(() => (type === 'all' ? messages : messages.filter((m) => m.checkout_check === type)), [messages, type]);
  const types = Array.from(new Set(messages.map((m) => m.checkout_check)));
  return (
    <Modal open={open} title="Checkout status messages" width={700} zIndex={1060} onCancel={onClose} footer={null} destroyOnHidden>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Select
          aria-label="Check type"
          value={type}
          onChange={setType}
          style={{ minWidth: 200 }}
          options={[{ value: 'all', label: 'All types' }, ...types.map((t) => ({ value: t, label: CHECK_TITLES[t] ?? t }))]}
        />
        <Button onClick={() => onDismissAll(type === 'all' ? null : type)} disabled={!shown.length} loading={busy}>
          Dismiss all
        </Button>
      </Space>
      {shown.length === 0 ? (
        <Empty description="No issues were found in checkout report." />
      ) : (
        <ul className="checkout__list" aria-label="Messages">
          {shown.map((item) => (
            <li key={item.id} className="checkout__message">
              <div>
                <Typography.Text strong>{`${groupDate(item.work_date)} · ${CHECK_TITLES[item.checkout_check] ?? item.checkout_check}`}</Typography.Text>
                <div>
                  <Typography.Text>{item.checkout_failed_message}</Typography.Text>
                </div>
              </div>
              <Button size="small" onClick={() => onDismiss(item.id)}>
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
