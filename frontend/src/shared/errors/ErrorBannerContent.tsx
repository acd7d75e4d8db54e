import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import type { RecordedError } from './slice';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../antd-office.gen.css';

/**
 * The banner and its 'More info' dialog; a lazy chunk, loaded when the first error shows. 'More info'
 * is the darker link blue: the usual one is 4.4:1 on the banner's red background (WCAG AA asks 4.5).
 */
export default function ErrorBannerContent({ error, onDismiss }: { error: RecordedError; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);

  const dismiss = () => {
    setOpen(false);
    onDismiss();
  };

  return (
    <>
      <Alert
        type="error"
        banner
        role="alert"
        title={
          <span>
            {error.title}.{' '}
            <Button type="link" size="small" style={{ padding: 0, color: 'var(--ant-color-primary-text-active)' }} onClick={() => setOpen(true)}>
              More info
            </Button>
          </span>
        }
      />
      <Modal
        open={open}
        title={error.title}
        onCancel={dismiss}
        footer={
          <Button type="primary" onClick={dismiss}>
            Got it
          </Button>
        }
      >
        <Typography.Paragraph>{error.message}</Typography.Paragraph>
      </Modal>
    </>
  );
}
