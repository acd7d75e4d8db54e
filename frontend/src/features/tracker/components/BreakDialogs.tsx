import { Button, Modal } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { BREAK_WILL_END, RESUME_OR_STOP } from '../rules';
import { selectBreakPrompt } from '../selectors';
import { trackerActions } from '../slice';

/**
 * The break interplay (spec 02 §4): starting a task on a break asks 'If you continue, your break will end.'
 * (OK / Cancel); resuming on a break asks 'Do you want to resume working or stop tracking time?' (Resume / Stop).
 */
export function BreakDialogs() {
  const dispatch = useAppDispatch();
  const prompt = useAppSelector(selectBreakPrompt);
  const cancel = () => dispatch(trackerActions.breakDecided('cancel'));
  if (prompt?.kind === 'resume') {
    return (
      <Modal
        open
        title="You are on a break"
        onCancel={cancel}
        width={420}
        footer={[
          <Button key="stop" onClick={() => dispatch(trackerActions.breakDecided('stop'))}>
            Stop
          </Button>,
          <Button key="resume" type="primary" onClick={() => dispatch(trackerActions.breakDecided('resume'))}>
            Resume
          </Button>,
        ]}
      >
        <p>{RESUME_OR_STOP}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open={prompt?.kind === 'start'}
      title="You are on a break"
      okText="OK"
      cancelText="Cancel"
      width={420}
      onOk={() => dispatch(trackerActions.breakDecided('ok'))}
      onCancel={cancel}
    >
      <p>{BREAK_WILL_END}</p>
    </Modal>
  );
}
