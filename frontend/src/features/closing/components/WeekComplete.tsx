import { useEffect, useState } from 'react';
import { Button, Modal, Tag, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectClosing } from '../selectors';
import { closingActions } from '../slice';
import { periodRange, STATE_TEXT, summaryLines } from '../periodText';
import '../closing.css';

const SUBMITTABLE = ['draft', 'rejected', 'reopened'];

/** 'My week is complete' (History, and the checkout with `atCheckout`): the period holding `date`,
 * its state, and a confirm that shows what is submitted (docs/closing.md). At the checkout it shows
 * only on the period's last day, or on any day of a period that is over and not submitted yet. */
export function WeekComplete({ date, today, atCheckout = false }: { date: string; today: string; atCheckout?: boolean }) {
  const dispatch = useAppDispatch();
  const { mine, busy, done } = useAppSelector(selectClosing);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    dispatch(closingActions.periodRequested({ date }));
  }, [dispatch, date]);
  // A submit that went through closes the confirm (adjusted while rendering, not in an effect).
  const [seenDone, setSeenDone] = useState(done);
  if (seenDone !== done) {
    setSeenDone(done);
    setConfirming(false);
  }
  const period = mine.period;
  if (!period || period.start_date > date || period.end_date < date) return null;
  const over = period.end_date <= today;
  if (atCheckout && date !== period.end_date && !(period.end_date < today && SUBMITTABLE.includes(period.state))) return null;
  const canSubmit = SUBMITTABLE.includes(period.state) && over;
  const why = !over ? `You can submit from ${period.end_date}.` : undefined;
  return (
    <div className={`week-complete${atCheckout ? ' week-complete--checkout' : ''}`} data-testid="week-complete">
      {atCheckout && canSubmit && (
        <Typography.Text className="week-complete__hint">Your period is over: check what you submit, then confirm.</Typography.Text>
      )}
      <Tag color={period.state === 'approved' ? 'green' : period.state === 'rejected' ? 'red' : undefined} data-testid="period-state">
        {periodRange(period)}: {STATE_TEXT[period.state]}
      </Tag>
      {period.state === 'rejected' && period.reason && (
        <Typography.Text type="danger" data-testid="period-reason">
          “{period.reason}”
        </Typography.Text>
      )}
      {SUBMITTABLE.includes(period.state) && (
        <Button type="primary" disabled={!canSubmit} title={why} onClick={() => setConfirming(true)}>
          My week is complete
        </Button>
      )}
      <Modal
        open={confirming}
        title={`Submit ${periodRange(period)}?`}
        okText="Submit"
        confirmLoading={busy}
        onOk={() => dispatch(closingActions.submitRequested({ date: period.start_date }))}
        onCancel={() => setConfirming(false)}
      >
        <ul data-testid="submit-summary">
          {summaryLines(period).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Typography.Text type="secondary">Once approved, these days are locked: changes go through a correction.</Typography.Text>
      </Modal>
    </div>
  );
}
