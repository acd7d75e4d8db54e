import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import type { ShiftPrompt } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectCurrentUser } from '../../../shared/session';
import { formatTimeIn } from '../../../shared/time';
import { guardianActions, type Answer } from '../slice';
import { outcomeText, promptText } from '../texts';
import './stillWorking.css';

/**
 * 'Still working?' (issue 32, docs/guardian.md): shown when the member returns and a question is
 * pending. Asked or proposed: 'Yes, still working' or 'No, end at my last activity'. After an
 * automatic end: keep it, or undo it with a reason. Every answer goes through the server.
 */
export function StillWorkingDialog({ prompt }: { prompt: ShiftPrompt }) {
  const dispatch = useAppDispatch();
  const answering = useAppSelector((state) => state.guardian?.answering ?? null);
  const timeZone = useAppSelector(selectCurrentUser)?.timezone ?? 'UTC';
  const [undoing, setUndoing] = useState(false);
  const [reason, setReason] = useState('');
  const time = (iso: string) => formatTimeIn(iso, timeZone);
  const send = (answer: Answer, why?: string) => dispatch(guardianActions.answerRequested({ answer, reason: why }));
  const applied = prompt.state === 'applied';

  const footer = applied ? (
    undoing ? (
      <>
        <Button onClick={() => setUndoing(false)} disabled={answering !== null}>Back</Button>
        <Button type="primary" danger loading={answering === 'undo'} disabled={!reason.trim()} onClick={() => send('undo', reason.trim())}>
          Undo the end
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setUndoing(true)} disabled={answering !== null}>Undo…</Button>
        <Button type="primary" loading={answering === 'keep'} disabled={answering !== null} onClick={() => send('keep')}>
          Keep it
        </Button>
      </>
    )
  ) : (
    <div className="still-working__answers">
      <Button loading={answering === 'end'} disabled={answering !== null} onClick={() => send('end')}>
        No, end at my last activity
      </Button>
      <Button type="primary" loading={answering === 'still_working'} disabled={answering !== null} onClick={() => send('still_working')}>
        Yes, still working
      </Button>
    </div>
  );

  return (
    <Modal
      open
      title={applied ? 'Your shift was ended' : 'Still working?'}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={footer}
      rootClassName="still-working"
    >
      {!applied && <p>{promptText(prompt, time)}</p>}
      <p>{outcomeText(prompt, time)}</p>
      {applied && undoing && (
        <>
          <label htmlFor="still-working-reason">Why was the automatic end wrong?</label>
          <Input.TextArea id="still-working-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </>
      )}
    </Modal>
  );
}
