import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../../shared/hooks';
import { leaveButtonLabel, type LeaveState } from '../../rules';

const IDLE: LeaveState = { step: 'idle' };
import { selectLeave } from '../../selectors';
import { checkoutActions } from '../../slice';

/**
 * 'Leave the office' (spec 01 §9): the first click runs the checks; when one fails the panel says so
 * and the button reads 'Leave anyway'. `onLeft` once the user is out.
 */
export function LeaveSection({ onLeft }: { onLeft?: () => void }) {
  const dispatch = useAppDispatch();
  // A flow of this panel only: an earlier modal's steps are not this one's.
  const [started, setStarted] = useState(false);
  const stored = useAppSelector(selectLeave);
  const leave = started ? stored : IDLE;
  useEffect(() => {
    dispatch(checkoutActions.leaveReset());
  }, [dispatch]);
  const left = leave.step === 'left';
  useEffect(() => {
    if (left) onLeft?.();
    // Once, when the user is out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);
  return (
    <div className="checkout__leave">
      {leave.step === 'failed' || leave.step === 'leaving_anyway' ? (
        <Alert type="error" showIcon message={leave.step === 'failed' ? leave.message : 'Activity Details for some tasks are missing.'} role="alert" />
      ) : null}
      <Button
        type="primary"
        danger
        loading={leave.step === 'checking' || leave.step === 'leaving_anyway'}
        disabled={left}
        onClick={() => {
          setStarted(true);
          dispatch(checkoutActions.leaveClicked());
        }}
        data-testid="checkout-leave"
      >
        {leaveButtonLabel(leave)}
      </Button>
    </div>
  );
}
