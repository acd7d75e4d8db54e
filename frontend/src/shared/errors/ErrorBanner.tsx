import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../hooks';
import { errorsActions, selectCurrentError } from './slice';

/** The global banner of spec 01 §8: '{title}.' with 'More info' opening a dialog with 'Got it'. */
export function ErrorBanner() {
  const error = useAppSelector(selectCurrentError);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  if (!error) return null;

  const dismiss = () => {
    setOpen(false);
    dispatch(errorsActions.errorDismissed());
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
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)}>
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
