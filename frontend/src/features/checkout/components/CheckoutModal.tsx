import { Modal } from 'antd';
import { CheckoutPanel } from './CheckoutPanel';
import type { CheckoutMode } from '../rules';

interface Props {
  open: boolean;
  userId: number;
  mode: CheckoutMode;
  onClose: () => void;
  onLeft?: () => void;
}

/** The checkout in a modal (spec 01 §9: width 700, layer 1050): leaving the office goes through it. */
export default function CheckoutModal({ open, userId, mode, onClose, onLeft }: Props) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={700} zIndex={1050} destroyOnHidden title={null} aria-label="Checkout">
      <CheckoutPanel
        userId={userId}
        mode={mode}
        onLeft={() => {
          onLeft?.();
          onClose();
        }}
      />
    </Modal>
  );
}
