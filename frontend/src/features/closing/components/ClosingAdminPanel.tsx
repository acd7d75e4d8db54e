import { useEffect, useState } from 'react';
import { Button, Empty, Input, Select, Skeleton, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectClosing } from '../selectors';
import { closingActions } from '../slice';
import { periodRange } from '../periodText';
import { ReasonDialog } from './ReasonDialog';
import '../closing.css';

const yesterday = (): string => {
  const at = new Date(Date.now() - 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

const days = (n: number, after: string) => (n === 0 ? 'On the day after the period' : `${n} day${n === 1 ? '' : 's'} ${after}`);

/** The choices of a rule in days (null: never), with the server's value when it is another one. */
function dayOptions(values: number[], current: number | null | undefined, label: (n: number) => string) {
  const all = current != null && !values.includes(current) ? [...values, current].sort((a, b) => a - b) : values;
  return [{ value: -1, label: 'Never' }, ...all.map((n) => ({ value: n, label: label(n) }))];
}

/** The workspace area's 'Closing the week' (admins, docs/closing.md): the workspace's period and
 * its rules, locking days up to a date for everyone or chosen members in one action, payroll, and
 * reopening approved periods. */
export function ClosingAdminPanel() {
  const dispatch = useAppDispatch();
  const { approvals, setting, members, busy, done } = useAppSelector(selectClosing);
  const [chosen, setChosen] = useState<number[]>([]);
  const [through, setThrough] = useState(yesterday());
  const [reason, setReason] = useState('');
  const [reopening, setReopening] = useState<number | null>(null);
  const [month, setMonth] = useState(yesterday().slice(0, 7));
  useEffect(() => {
    dispatch(closingActions.settingRequested());
    dispatch(closingActions.membersRequested());
    dispatch(closingActions.approvalsRequested({ state: 'approved' }));
  }, [dispatch]);
  const [seenDone, setSeenDone] = useState(done);
  if (seenDone !== done) {
    setSeenDone(done);
    setReopening(null);
  }
  return (
    <div className="closing-admin" data-testid="closing-admin">
      <div className="closing-admin__rules">
        <label htmlFor="closing-period">Members close their time</label>
        <Select<'weekly' | 'monthly'>
          id="closing-period"
          aria-label="Closing period"
          value={setting?.closing_period}
          loading={setting === null}
          className="closing-admin__select"
          options={[
            { value: 'weekly', label: 'Every week' },
            { value: 'monthly', label: 'Every month' },
          ]}
          onChange={(value) => dispatch(closingActions.settingSaveRequested({ closing_period: value }))}
        />
        <label htmlFor="closing-auto-submit">Submit a worked period for its member</label>
        <Select<number>
          id="closing-auto-submit"
          aria-label="Submit automatically"
          value={setting ? (setting.auto_submit_after_days ?? -1) : undefined}
          loading={setting === null}
          className="closing-admin__select"
          options={dayOptions([0, 2, 3, 5, 7, 14], setting?.auto_submit_after_days, (n) => days(n, 'after the period'))}
          onChange={(value) => dispatch(closingActions.settingSaveRequested({ auto_submit_after_days: value < 0 ? null : value }))}
        />
        <label htmlFor="closing-remind">Remind approvers of a waiting period</label>
        <Select<number>
          id="closing-remind"
          aria-label="Remind approvers"
          value={setting ? (setting.approval_reminder_days ?? -1) : undefined}
          loading={setting === null}
          className="closing-admin__select"
          options={dayOptions([1, 2, 3, 5, 7], setting?.approval_reminder_days, (n) => days(n, 'after it was submitted'))}
          onChange={(value) => dispatch(closingActions.settingSaveRequested({ approval_reminder_days: value < 0 ? null : value }))}
        />
      </div>
      <h3>Lock days</h3>
      <Typography.Text type="secondary">The days up to this date become read-only for everyone, or for the members you choose; changes go through corrections.</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <input className="history-input" type="date" aria-label="Lock up to" value={through} max={yesterday()} onChange={(e) => setThrough(e.target.value)} />
        <Select<number[]>
          mode="multiple"
          aria-label="Members to lock"
          placeholder="Everyone"
          allowClear
          optionFilterProp="label"
          loading={members === null}
          value={chosen}
          onChange={setChosen}
          options={(members ?? []).map((m) => ({ value: m.id, label: m.display_name }))}
          style={{ minWidth: 220, maxWidth: 420 }}
        />
        <Input aria-label="Reason for the lock" placeholder="Reason (optional)" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button
          type="primary"
          loading={busy}
          disabled={!through}
          onClick={() => dispatch(closingActions.lockRequested({ through, userIds: chosen.length ? chosen : null, reason }))}
        >
          {chosen.length ? `Lock for ${chosen.length} member${chosen.length === 1 ? '' : 's'}` : 'Lock for everyone'}
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
      {approvals.loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : !approvals.items.length || approvals.state !== 'approved' ? (
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
