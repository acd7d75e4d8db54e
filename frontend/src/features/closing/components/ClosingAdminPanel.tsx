import { useEffect, useState } from 'react';
import { Button, Empty, Input, Select, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectClosing } from '../selectors';
import { closingActions } from '../slice';
import { periodRange } from '../periodText';
import { ReasonDialog } from './ReasonDialog';

const yesterday = (): string => {
  const at = new Date(Date.now() - 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

/** The workspace area's 'Closing the week' (admins, docs/closing.md): the workspace's period,
 * locking every member's days up to a date in one action, and reopening approved periods. */
export function ClosingAdminPanel() {
  const dispatch = useAppDispatch();
  const { approvals, setting, busy, done } = useAppSelector(selectClosing);
  const [through, setThrough] = useState(yesterday());
  const [reason, setReason] = useState('');
  const [reopening, setReopening] = useState<number | null>(null);
  const [month, setMonth] = useState(yesterday().slice(0, 7));
  useEffect(() => {
    dispatch(closingActions.settingRequested());
    dispatch(closingActions.approvalsRequested({ state: 'approved' }));
  }, [dispatch]);
  const [seenDone, setSeenDone] = useState(done);
  if (seenDone !== done) {
    setSeenDone(done);
    setReopening(null);
  }
  return (
    <div className="closing-admin" data-testid="closing-admin">
      <label htmlFor="closing-period">Members close their time</label>
      <Select<'weekly' | 'monthly'>
        id="closing-period"
        aria-label="Closing period"
        value={setting ?? undefined}
        loading={setting === null}
        style={{ maxWidth: 240, display: 'block' }}
        options={[
          { value: 'weekly', label: 'Every week' },
          { value: 'monthly', label: 'Every month' },
        ]}
        onChange={(value) => dispatch(closingActions.settingSaveRequested(value))}
      />
      <h3>Lock days</h3>
      <Typography.Text type="secondary">Every member's days up to this date become read-only; changes go through corrections.</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <input className="history-input" type="date" aria-label="Lock up to" value={through} max={yesterday()} onChange={(e) => setThrough(e.target.value)} />
        <Input aria-label="Reason for the lock" placeholder="Reason (optional)" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button
          type="primary"
          loading={busy}
          disabled={!through}
          onClick={() => dispatch(closingActions.lockRequested({ through, userIds: null, reason }))}
        >
          Lock for everyone
        </Button>
      </Space>
      <h3>Payroll</h3>
      <Typography.Text type="secondary">The approved periods of a month: decimal hours beside h:mm, one sheet per member in XLSX.</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <input className="history-input" type="month" aria-label="Payroll month" value={month} onChange={(e) => setMonth(e.target.value)} />
        <Button disabled={!month} onClick={() => dispatch(closingActions.payrollRequested({ month, file: 'csv' }))}>
          Download CSV
        </Button>
        <Button disabled={!month} onClick={() => dispatch(closingActions.payrollRequested({ month, file: 'xlsx' }))}>
          Download XLSX
        </Button>
      </Space>
      <h3>Approved periods</h3>
      {!approvals.items.length || approvals.state !== 'approved' ? (
        <Empty description="No approved periods." image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="change-log">
          {approvals.items.map((p) => (
            <li key={p.id} className="change-log__entry">
              {p.user_name} · {periodRange(p)}{' '}
              <Button size="small" onClick={() => setReopening(p.id)}>
                Reopen
              </Button>
            </li>
          ))}
        </ul>
      )}
      {reopening !== null && (
        <ReasonDialog
          title="Reopen the period"
          okText="Reopen"
          required
          busy={busy}
          onCancel={() => setReopening(null)}
          onOk={(text) => dispatch(closingActions.reopenRequested({ id: reopening, reason: text }))}
        />
      )}
    </div>
  );
}
