import { useEffect, useState } from 'react';
import { Button, Empty, Skeleton, Space, Table, Typography } from 'antd';
import type { Correction, Period } from '../../../api/types';
import { PageFrame } from '../../../shared/PageFrame';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration } from '../../../shared/time';
import { formatSignedDuration } from '../../../shared/signedDuration';
import { formatClockIn, slashDate } from '../../../shared/zoned';
import { ReasonDialog } from '../components/ReasonDialog';
import { periodRange } from '../periodText';
import { selectClosing, selectViewer } from '../selectors';
import { closingActions } from '../slice';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

type Asking = { kind: 'reject'; ids: number[] } | { kind: 'decline'; id: number } | null;

function correctionText(c: Correction, timeZone: string): string {
  if (c.kind === 'shift_times' && c.start_datetime && c.end_datetime) {
    return `Shift to ${formatClockIn(c.start_datetime, timeZone)} – ${formatClockIn(c.end_datetime, timeZone)}`;
  }
  return `Time on task #${c.task_id} to ${formatDuration(c.seconds ?? 0)}`;
}

/** Approvals (admins and team-page owners): submitted periods, approve or reject one or many;
 * corrections of closed days to accept or decline (docs/closing.md). */
export default function ApprovalsPage() {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectViewer);
  const { approvals, corrections, busy, done } = useAppSelector(selectClosing);
  const [selected, setSelected] = useState<number[]>([]);
  const [asking, setAsking] = useState<Asking>(null);
  const timeZone = viewer?.timezone || 'UTC';
  useEffect(() => {
    dispatch(closingActions.approvalsRequested({ state: 'submitted' }));
    dispatch(closingActions.correctionsRequested());
  }, [dispatch]);
  // A decision that went through clears the selection and the reason dialog.
  const [seenDone, setSeenDone] = useState(done);
  if (seenDone !== done) {
    setSeenDone(done);
    setSelected([]);
    setAsking(null);
  }
  const waiting = corrections.items.filter((c) => c.can_decide);

  const columns = [
    { title: 'Member', dataIndex: 'user_name', key: 'member' },
    { title: 'Period', key: 'period', render: (_: unknown, p: Period) => periodRange(p) },
    {
      title: 'Worked',
      key: 'worked',
      render: (_: unknown, p: Period) => formatDuration(p.summary.worked_seconds),
    },
    { title: 'Expected', key: 'expected', render: (_: unknown, p: Period) => formatDuration(p.summary.expected_seconds) },
    {
      title: 'Difference',
      key: 'difference',
      render: (_: unknown, p: Period) => formatSignedDuration(p.summary.difference_seconds),
    },
    { title: 'Days', key: 'days', render: (_: unknown, p: Period) => p.summary.days_worked },
    {
      title: 'Failed checks',
      key: 'failed',
      render: (_: unknown, p: Period) => p.summary.days_with_failed_checks.map(slashDate).join(', ') || '–',
    },
    {
      title: 'No checkout',
      key: 'nocheckout',
      render: (_: unknown, p: Period) => p.summary.days_without_checkout.map(slashDate).join(', ') || '–',
    },
  ];

  return (
    <PageFrame
      title="Approvals"
      data-testid="approvals-page"
      extra={
        <Space wrap>
          <Button
            type="primary"
            disabled={!selected.length}
            loading={busy}
            onClick={() => dispatch(closingActions.decideRequested({ periodIds: selected, approve: true, reason: '' }))}
          >
            Approve{selected.length ? ` ${selected.length}` : ''}
          </Button>
          <Button danger disabled={!selected.length} onClick={() => setAsking({ kind: 'reject', ids: selected })}>
            Reject
          </Button>
        </Space>
      }
    >
      <section className="history-card" aria-labelledby="approvals-title">
        <h2 id="approvals-title" className="history-card__title">
          Submitted periods
        </h2>
        {approvals.loading && !approvals.items.length ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !approvals.items.length ? (
          <Empty description={approvals.error ?? 'Nothing waits for you.'} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Table<Period>
            rowKey={(p) => p.id ?? 0}
            size="small"
            pagination={false}
            dataSource={approvals.items}
            columns={columns}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          />
        )}
      </section>
      <section className="history-card" aria-labelledby="corrections-title">
        <h2 id="corrections-title" className="history-card__title">
          Corrections to decide
        </h2>
        {!waiting.length ? (
          <Empty description="No corrections wait for you." image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="change-log">
            {waiting.map((c) => (
              <li key={c.id} className="change-log__entry" data-testid="correction-row">
                <Typography.Text strong>{c.user_name}</Typography.Text> {slashDate(c.work_date)}: {correctionText(c, timeZone)}
                <div>
                  <Typography.Text type="secondary">“{c.reason}”</Typography.Text>
                </div>
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy}
                    onClick={() => dispatch(closingActions.correctionDecideRequested({ id: c.id, accept: true, reason: '' }))}
                  >
                    Accept
                  </Button>
                  <Button size="small" onClick={() => setAsking({ kind: 'decline', id: c.id })}>
                    Decline
                  </Button>
                </Space>
              </li>
            ))}
          </ul>
        )}
      </section>
      {asking && (
        <ReasonDialog
          title={asking.kind === 'reject' ? 'Send the periods back' : 'Decline the correction'}
          okText={asking.kind === 'reject' ? 'Reject' : 'Decline'}
          required={asking.kind === 'reject'}
          busy={busy}
          onCancel={() => setAsking(null)}
          onOk={(reason) =>
            dispatch(
              asking.kind === 'reject'
                ? closingActions.decideRequested({ periodIds: asking.ids, approve: false, reason })
                : closingActions.correctionDecideRequested({ id: asking.id, accept: false, reason }),
            )
          }
        />
      )}
    </PageFrame>
  );
}
