import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Input, Select, Skeleton, Tag, Typography } from 'antd';
import type { TimeOffRequest } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { timeAccountActions } from '../slice';

// Dark text on light fills: AA contrast at the tag's 12 px (as the team page's status tags).
const STATUS_STYLE: Record<TimeOffRequest['status'], React.CSSProperties> = {
  pending: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  approved: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  declined: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  cancelled: { color: 'rgba(0, 0, 0, 0.88)' },
};

function days(request: TimeOffRequest): string {
  if (request.half_day) return `${request.start_date} (half day)`;
  return request.start_date === request.end_date ? request.start_date : `${request.start_date} – ${request.end_date}`;
}

/**
 * Time off (issue 27): the viewer's allowances and requests (ask for whole or half days, cancel),
 * and, for admins and team-page owners, the pending requests they decide, one by one or in bulk.
 */
export default function TimeOffDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const timeOff = useAppSelector((state) => state.timeAccount?.timeOff);
  const [form, setForm] = useState({ type: null as number | null, start: '', end: '', half: false, note: '' });
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (open) dispatch(timeAccountActions.timeOffRequested());
  }, [dispatch, open]);

  const types = (timeOff?.types ?? []).filter((t) => !t.archived);
  const type = form.type ?? types[0]?.id ?? null;
  const end = form.half ? form.start : form.end;
  const valid = type !== null && form.start !== '' && end !== '' && end >= form.start;
  const pending = timeOff?.toDecide ?? [];
  const decide = (approve: boolean, ids: number[]) => {
    dispatch(timeAccountActions.timeOffDecideRequested({ ids, approve, reason: reason.trim() }));
    setChosen([]);
  };

  return (
    <Drawer open={open} onClose={onClose} title="Time off" width={520} destroyOnHidden={false}>
      {!timeOff?.mine ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <div data-testid="time-off">
          <h2 style={{ fontSize: 16 }}>Allowance this year</h2>
          <ul style={{ paddingLeft: 18 }} data-testid="time-off-allowance">
            {timeOff.allowance.map((a) => (
              <li key={a.type}>
                {a.name}: {a.used_days} days used
                {a.allowance_days !== null ? ` of ${a.allowance_days}, ${a.left_days} left` : ''}
              </li>
            ))}
          </ul>
          <h2 style={{ fontSize: 16 }}>Ask for time off</h2>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            <Select aria-label="Type" value={type ?? undefined} style={{ width: 160 }} options={types.map((t) => ({ value: t.id, label: t.name }))} onChange={(value) => setForm((f) => ({ ...f, type: value }))} />
            <Input type="date" aria-label="First day" value={form.start} style={{ width: 150 }} onChange={(e) => setForm((f) => ({ ...f, start: e.target.value }))} />
            {!form.half && <Input type="date" aria-label="Last day" value={form.end} style={{ width: 150 }} onChange={(e) => setForm((f) => ({ ...f, end: e.target.value }))} />}
            <Checkbox checked={form.half} onChange={(e) => setForm((f) => ({ ...f, half: e.target.checked }))}>
              Half day
            </Checkbox>
            <Input aria-label="Note" placeholder="Note (optional)" value={form.note} maxLength={500} onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))} />
            <Button
              type="primary"
              disabled={!valid || timeOff.saving}
              onClick={() => {
                dispatch(timeAccountActions.timeOffCreateRequested({ type: type as number, start_date: form.start, end_date: end, half_day: form.half, note: form.note.trim() }));
                setForm((f) => ({ ...f, start: '', end: '', note: '' }));
              }}
            >
              Ask
            </Button>
          </div>
          <h2 style={{ marginTop: 16, fontSize: 16 }}>Your requests</h2>
          {timeOff.mine.length === 0 && <Typography.Text type="secondary">No requests yet.</Typography.Text>}
          <ul style={{ paddingLeft: 18 }} data-testid="time-off-mine">
            {timeOff.mine.map((r) => (
              <li key={r.id}>
                {days(r)} · {r.type_name} <Tag style={STATUS_STYLE[r.status]}>{r.status}</Tag>
                {r.decision_reason && <Typography.Text type="secondary"> {r.decision_reason}</Typography.Text>}
                {(r.status === 'pending' || r.status === 'approved') && (
                  <Button size="small" type="link" disabled={timeOff.saving} onClick={() => dispatch(timeAccountActions.timeOffCancelRequested({ id: r.id }))} aria-label={`Cancel time off ${days(r)}`}>
                    Cancel
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {pending.length > 0 && (
            <section aria-labelledby="time-off-decide">
              <h2 id="time-off-decide" style={{ fontSize: 16 }}>To decide</h2>
              <ul style={{ listStyle: 'none', padding: 0 }} data-testid="time-off-to-decide">
                {pending.map((r) => (
                  <li key={r.id}>
                    <Checkbox
                      checked={chosen.includes(r.id)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, r.id] : c.filter((id) => id !== r.id)))}
                      aria-label={`Choose ${r.user_name}'s ${days(r)}`}
                    />{' '}
                    {r.user_name}: {days(r)} · {r.type_name}
                    {r.note && <Typography.Text type="secondary"> {r.note}</Typography.Text>}
                    <Button size="small" type="link" disabled={timeOff.saving} onClick={() => decide(true, [r.id])}>
                      Approve
                    </Button>
                    <Button size="small" type="link" danger disabled={timeOff.saving} onClick={() => decide(false, [r.id])}>
                      Decline
                    </Button>
                  </li>
                ))}
              </ul>
              <Input aria-label="Reason" placeholder="Reason (sent with the decision)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
                <Button disabled={!chosen.length || timeOff.saving} onClick={() => decide(true, chosen)}>
                  Approve chosen
                </Button>
                <Button danger disabled={!chosen.length || timeOff.saving} onClick={() => decide(false, chosen)}>
                  Decline chosen
                </Button>
              </div>
            </section>
          )}
        </div>
      )}
    </Drawer>
  );
}
