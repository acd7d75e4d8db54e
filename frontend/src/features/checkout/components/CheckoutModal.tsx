import { useEffect, useState } from 'react';
import { Modal, Tooltip } from 'antd';
import { CheckoutPanel } from './CheckoutPanel';
import { CheckCircleFilled, HourglassOutlined, CloseCircleFilled, ExclamationCircleFilled, FileTextOutlined } from '@ant-design/icons';
import { fetchDateStatuses, type DayStatus } from '../../../api/checkout';
import { useAppSelector } from '../../../shared/hooks';
import { DAY_STATUS_COLOR, DAY_STATUS_TEXT } from '../rules';
import { todayIso } from '../dates';
import '../slice';

function Icon({ status }: { status: DayStatus }) {
  const style = { color: DAY_STATUS_COLOR[status] };
  const label = DAY_STATUS_TEXT[status];
  switch (status) {
    case 'critical_failed':
      return <CloseCircleFilled style={style} aria-label={label} />;
    case 'non_critical_failed':
      return <ExclamationCircleFilled style={style} aria-label={label} />;
    case 'passed':
      return <CheckCircleFilled style={style} aria-label={label} />;
    case 'still_in_office':
      return <HourglassOutlined style={style} aria-label={label} />;
    default:
      return <FileTextOutlined style={style} aria-label={label} />;
  }
}

/** The header's Go to Checkout icon: the real status of the user's day (spec 01 §2). */
export function CheckoutStatusIcon() {
  const userId = useAppSelector((state) => state.auth.user?.id ?? 0);
  const [status, setStatus] = useState<DayStatus>('working_or_plan_to_work');
  const seq = useAppSelector((state) => state.checkout?.statuses[userId] ?? 0);
  useEffect(() => {
    let live = true;
    const today = todayIso();
    fetchDateStatuses(userId, today, today)
      .then((rows) => live && rows[0] && setStatus(rows[0].status))
      .catch(() => undefined); // the icon keeps its last state; the checkout itself says more
    return () => {
      live = false;
    };
  }, [userId, seq]);
  return (
    <Tooltip title={DAY_STATUS_TEXT[status]}>
      <span data-testid="checkout-status-icon" data-status={status}>
        <Icon status={status} />
      </span>
    </Tooltip>
  );
}

interface Props {
  open: boolean;
  onClose: () => void;
  onLeft?: () => void;
}

/** Leaving the office: the user's checkout in leave_the_office mode, in a modal (spec 01 §9: width 700, layer 1050). */
export default function CheckoutModal({ open, onClose, onLeft }: Props) {
  const userId = useAppSelector((state) => state.auth.user?.id ?? 0);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={700} zIndex={1050} destroyOnHidden title={null} aria-label="Checkout">
      <CheckoutPanel
        userId={userId}
        mode="leave_the_office"
        onLeft={() => {
          onLeft?.();
          onClose();
        }}
      />
    </Modal>
  );
}
