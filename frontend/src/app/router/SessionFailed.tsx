import { Button, Result } from 'antd';
import { useAppDispatch } from '../../shared/hooks';
import { authActions } from '../../features/auth/slice';
import { PendingIndicator } from '../../shared/outbox/PendingIndicator';

/** Shown when a stored session cannot be loaded; a lazy chunk (antd Result stays out of the first load). */
export default function SessionFailed() {
  const dispatch = useAppDispatch();
  return (
    <Result
      status="warning"
      title="Your session could not be loaded."
      subTitle={<PendingIndicator />}
      extra={[
        <Button key="retry" type="primary" onClick={() => dispatch(authActions.sessionLoadRequested())}>
          Try again
        </Button>,
        <Button key="out" onClick={() => dispatch(authActions.signOutRequested({ allDevices: false }))}>
          Sign out
        </Button>,
      ]}
    />
  );
}
