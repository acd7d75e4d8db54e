import { Button, Modal, Typography } from 'antd';
import { useAppDispatch } from '../../../shared/hooks';
import { sessionActions } from '../../../shared/session';

export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const signOut = (allDevices: boolean) => {
    onClose();
    dispatch(sessionActions.signOutRequested({ allDevices }));
  };
  return (
    <Modal
      open={open}
      width={512}
      title="Sign out"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="signout" type="primary" onClick={() => signOut(false)}>
          Sign out
        </Button>,
      ]}
    >
      <Typography.Paragraph>To end your workday, use the Leave the Office button</Typography.Paragraph>
      <Button type="link" style={{ padding: 0 }} onClick={() => signOut(true)}>
        Sign out on all devices
      </Button>
    </Modal>
  );
}
