import { useEffect, useState } from 'react';
import { Button, Input, Select, Skeleton, Typography } from 'antd';
import type { TimeAccountAdjustmentWrite } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { formatSignedDuration } from '../../../shared/signedDuration';
import { WEEKDAYS, hoursToSeconds, patternText, signedHoursToSeconds } from '../pattern';
import { timeAccountActions } from '../slice';
import { MemberRegion } from './MemberRegion';

const KINDS: { value: TimeAccountAdjustmentWrite['kind']; label: string }[] = [
  { value: 'opening_balance', label: 'Opening balance' },
  { value: 'time_in_lieu', label: 'Time in lieu' },
  { value: 'paid_out', label: 'Paid out' },
];
const KIND_TEXT = Object.fromEntries(KINDS.map((k) => [k.value, k.label]));

/**
 * The member account panel's working-time account (admins, issue 27): the balance, the member's
 * work schedules (a new one from a date; earlier days keep theirs), their public holidays' region
 * and the adjustments.
 */
export default function MemberTimeAccount({ memberId }: { memberId: number }) {
  const dispatch = useAppDispatch();
  const panel = useAppSelector((state) => state.timeAccount?.panel);
  const [validFrom, setValidFrom] = useState('');
  const [hours, setHours] = useState<string[]>(['8', '8', '8', '8', '8', '0', '0']);
  const [adjustment, setAdjustment] = useState({ date: '', kind: 'time_in_lieu' as TimeAccountAdjustmentWrite['kind'], hours: '', reason: '' });

  useEffect(() => {
    dispatch(timeAccountActions.panelRequested({ userId: memberId }));
    return () => {
      dispatch(timeAccountActions.panelClosed());
    };
  }, [dispatch, memberId]);

  if (!panel || panel.userId !== memberId || (!panel.patterns && panel.loading)) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  const seconds = hours.map(hoursToSeconds);
  const patternValid = Boolean(validFrom) && seconds.every((s) => s !== null);
  const adjustmentSeconds = signedHoursToSeconds(adjustment.hours);
  const adjustmentValid = Boolean(adjustment.date) && adjustmentSeconds !== null && adjustment.reason.trim() !== '';
  const summary = panel.summary;
  const own = panel.patterns?.own ?? [];
  const fallback = panel.patterns?.default ?? [];

  return (
    <div data-testid="member-time-account">
      {summary && (
        <p data-testid="member-balance">
          Balance since {summary.start_date}: <strong>{formatSignedDuration(summary.balance.balance)}</strong>
          {summary.balance.year_end !== 0 && ` (year ends ${formatSignedDuration(summary.balance.year_end)})`} · this week{' '}
          {formatDuration(summary.week.worked)} / {formatDuration(summary.week.expected)}
        </p>
      )}
      <h4>Work schedule</h4>
      {own.length === 0 && (
        <p className="workspace-muted">
          {fallback.length ? `Follows the workspace default: ${patternText(fallback[fallback.length - 1])}` : 'No schedule: no hours expected.'}
        </p>
      )}
      <ul style={{ paddingLeft: 18 }}>
        {own.map((pattern) => (
          <li key={pattern.id}>
            From {pattern.valid_from}: {patternText(pattern)}{' '}
            <Button
              size="small"
              type="link"
              danger
              disabled={panel.saving}
              aria-label={`Remove the schedule from ${pattern.valid_from}`}
              onClick={() => dispatch(timeAccountActions.patternDeleteRequested({ id: pattern.id }))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14 }}>New schedule (hours per day)</legend>
        <Input type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} style={{ width: 160 }} aria-label="Valid from" />
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(44px, 1fr))', gap: 4, margin: '8px 0' }}>
          {WEEKDAYS.map((day, i) => (
            <div key={day} style={{ display: 'flex', flexDirection: 'column', fontSize: 12 }}>
              <span aria-hidden="true">{day}</span>
              <Input
                inputMode="decimal"
                value={hours[i]}
                status={seconds[i] === null ? 'error' : undefined}
                aria-label={`Hours on ${day}`}
                onChange={(e) => setHours((all) => all.map((h, j) => (j === i ? e.target.value : h)))}
              />
            </div>
          ))}
        </div>
        <Button
          disabled={!patternValid || panel.saving}
          onClick={() => dispatch(timeAccountActions.patternSaveRequested({ user: memberId, valid_from: validFrom, weekday_seconds: seconds as number[] }))}
        >
          Add schedule
        </Button>
      </fieldset>
      {panel.region && (
        <MemberRegion key={JSON.stringify(panel.region.member)} userId={memberId} workspace={panel.region.workspace} member={panel.region.member} saving={panel.saving} />
      )}
      <h4>Adjustments</h4>
      {panel.adjustments.length === 0 && <p className="workspace-muted">No adjustments.</p>}
      <ul style={{ paddingLeft: 18 }} data-testid="member-adjustments">
        {panel.adjustments.map((a) => (
          <li key={a.id}>
            {a.date} · {KIND_TEXT[a.kind]} {formatSignedDuration(a.seconds)} · {a.reason}
            {a.created_by ? <Typography.Text type="secondary"> ({a.created_by})</Typography.Text> : null}
          </li>
        ))}
      </ul>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' }}>
        <Input type="date" aria-label="Adjustment date" value={adjustment.date} onChange={(e) => setAdjustment((a) => ({ ...a, date: e.target.value }))} style={{ width: 160 }} />
        <Select aria-label="Kind" value={adjustment.kind} options={KINDS} onChange={(kind) => setAdjustment((a) => ({ ...a, kind }))} style={{ width: 160 }} />
        <Input aria-label="Hours (negative to take off)" placeholder="Hours, e.g. -2" inputMode="decimal" value={adjustment.hours} onChange={(e) => setAdjustment((a) => ({ ...a, hours: e.target.value }))} style={{ width: 140 }} />
        <Input aria-label="Reason" placeholder="Reason" value={adjustment.reason} maxLength={500} onChange={(e) => setAdjustment((a) => ({ ...a, reason: e.target.value }))} style={{ flex: '1 1 200px' }} />
        <Button
          disabled={!adjustmentValid || panel.saving}
          onClick={() => {
            dispatch(
              timeAccountActions.adjustmentSaveRequested({ user: memberId, date: adjustment.date, kind: adjustment.kind, seconds: adjustmentSeconds as number, reason: adjustment.reason.trim() }),
            );
            setAdjustment((a) => ({ ...a, hours: '', reason: '' }));
          }}
        >
          Add adjustment
        </Button>
      </div>
    </div>
  );
}
