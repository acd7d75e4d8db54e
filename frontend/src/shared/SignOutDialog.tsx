import { Button, Modal, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from './hooks';
import { sessionActions } from './session';

/**
 * The one sign-out dialog (spec 02 §2), for both ways out: the workspace menu's 'Sign out of …'
 * and the account menu's 'Sign out'.
 */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const inOffice = useAppSelector((state) => state.status.current === 'working' || state.status.current === 'taking_break');
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
      {inOffice && <Typography.Paragraph>To end your workday, use the Leave the Office button</Typography.Paragraph>}
      <Button type="link" style={{ padding: 0 }} onClick={() => signOut(true)}>
        Sign out on all devices
      </Button>
    </Modal>
  );
}
