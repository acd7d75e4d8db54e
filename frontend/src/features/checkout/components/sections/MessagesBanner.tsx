import { useMemo, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../../shared/hooks';
import { groupDate } from '../../dates';
import { useCheckMessages } from '../../hooks';
import { groupByDay } from '../../messages';
import { selectDismissing } from '../../selectors';
import { checkoutActions } from '../../slice';
import { CheckMessagesModal } from '../CheckMessagesModal';

/**
 * The earlier days' failed checks (docs/checkout.md): grouped by day, newest first, one day at a time
 * with its messages together; days older than MESSAGE_DAYS have aged out.
 */
export function MessagesBanner({ wanted }: { wanted: boolean }) {
  const dispatch = useAppDispatch();
  const messages = useCheckMessages(wanted);
  const dismissing = useAppSelector(selectDismissing);
  const [open, setOpen] = useState(false);
  const days = useMemo(() => groupByDay(messages), [messages]);
  const first = days[0];
  const dismissDay = (ids: number[]) => ids.forEach((id) => dispatch(checkoutActions.dismissRequested(id)));
  return (
    <>
      {first && (
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          className="checkout__banner"
          data-testid="checkout-banner"
          message={`${groupDate(first.date)}: ${first.messages.map((m) => m.checkout_failed_message).join(' ')}`}
          action={
            <Space direction="vertical" size={4}>
              <Button size="small" onClick={() => dismissDay(first.messages.map((m) => m.id))}>
                Dismiss
              </Button>
              {days.length > 1 && (
                <Button size="small" type="link" onClick={() => setOpen(true)}>
                  Show {days.length - 1} more
                </Button>
              )}
            </Space>
          }
        />
      )}
      <CheckMessagesModal
        open={open}
        days={days}
        busy={dismissing}
        onDismiss={dismissDay}
        onDismissAll={(check) => dispatch(checkoutActions.dismissAllRequested(check))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
