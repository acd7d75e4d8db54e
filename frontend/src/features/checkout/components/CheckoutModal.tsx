import type { ComponentProps, ReactNode } from 'react';
import { Modal, Tooltip } from 'antd';
import { CheckoutPanel } from './CheckoutPanel';
import { CheckCircleFilled, HourglassOutlined, CloseCircleFilled, ExclamationCircleFilled, FileTextOutlined } from '@ant-design/icons';
import type { DayStatus } from '../../../api/checkout';
import { useAppSelector } from '../../../shared/hooks';
import { DAY_STATUS_COLOR, DAY_STATUS_TEXT } from '../rules';
import { useDateStatuses, useTodayOf } from '../hooks';

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
  const today = useTodayOf(userId);
  // The icon keeps its last state when a reload fails; the checkout itself says more.
  const rows = useDateStatuses(userId, today, today);
  const status: DayStatus = rows?.[0]?.status ?? 'working_or_plan_to_work';
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
  /** The tracking tag (from app/: the tracker's state), shown on the user's own current day. */
  trackingTag?: ReactNode;
  periodClose?: ComponentProps<typeof CheckoutPanel>['periodClose'];
}

/** Leaving the office: the user's checkout in leave_the_office mode, in a modal (spec 01 §9: width 700, layer 1050). */
export default function CheckoutModal({ open, onClose, onLeft, trackingTag, periodClose }: Props) {
  const userId = useAppSelector((state) => state.auth.user?.id ?? 0);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={700} zIndex={1050} destroyOnHidden title={null} aria-label="Checkout">
      <CheckoutPanel
        userId={userId}
        mode="leave_the_office"
        trackingTag={trackingTag}
        periodClose={periodClose}
        onLeft={() => {
          onLeft?.();
          onClose();
        }}
      />
    </Modal>
  );
}
