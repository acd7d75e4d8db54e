import { useMemo, useState } from 'react';
import { Button, Empty, Modal, Select, Space, Typography } from 'antd';
import type { CheckoutCheckId } from '../../../api/checkout';
import { CHECK_TITLES } from '../rules';
import { groupDate } from '../dates';
import type { MessageDay } from '../messages';

interface Props {
  open: boolean;
  days: MessageDay[];
  busy: boolean;
  /** Dismiss these messages (one day's, or one of its checks'). */
  onDismiss: (ids: number[]) => void;
  onDismissAll: (check: CheckoutCheckId | null) => void;
  onClose: () => void;
}

/** 'Show N more': the unconfirmed messages of recent earlier days, one group per day, filterable by check (spec 01 §2). */
export function CheckMessagesModal({ open, days, busy, onDismiss, onDismissAll, onClose }: Props) {
  const [type, setType] = useState<CheckoutCheckId | 'all'>('all');
  const shown = useMemo(
    () =>
      days
        .map((day) => ({ ...day, messages: type === 'all' ? day.messages : day.messages.filter((m) => m.checkout_check === type) }))
        .filter((day) => day.messages.length > 0),
    [days, type],
  );
  const types = Array.from(new Set(days.flatMap((day) => day.messages.map((m) => m.checkout_check))));
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
          {shown.map((day) => (
            <li key={day.date} className="checkout__message">
              <div>
                <Typography.Text strong>{groupDate(day.date)}</Typography.Text>
                <ul className="checkout__day-messages">
                  {day.messages.map((item) => (
                    <li key={item.id}>
                      <Typography.Text type="secondary">{CHECK_TITLES[item.checkout_check] ?? item.checkout_check}: </Typography.Text>
                      <Typography.Text>{item.checkout_failed_message}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </div>
              <Button size="small" onClick={() => onDismiss(day.messages.map((m) => m.id))} aria-label={`Dismiss ${groupDate(day.date)}`}>
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
