import { Alert, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { TeamPageRow } from '../../api/types';
import { useAppSelector } from '../../shared/hooks';
import { PageFrame } from '../../shared/PageFrame';
import { paths } from '../../shared/routes';
import { formatDuration } from '../../shared/time';
import { formatSignedDuration } from '../../shared/signedDuration';
import { useBeta } from '../../shared/useBeta';
import { UserAvatar } from '../../shared/UserAvatar';
import { useTeamPage } from '../../features/workspace/hooks';
import { selectCurrentUser } from '../../shared/session';
import '../../features/workspace/workspace.css';

// Dark text on antd's light status fills: AA contrast (4.5:1) at the tag's 12 px.
const STATUS: Record<TeamPageRow['status'], { label: string; style: React.CSSProperties }> = {
  working: { label: 'Working', style: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' } },
  taking_break: { label: 'On a break', style: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' } },
  out_of_office: { label: 'Out of office', style: { color: 'rgba(0, 0, 0, 0.88)' } },
};

// The checkout status of the member's latest day (apps.checkout day statuses, spec 01 §2).
const CHECKOUT: Record<NonNullable<TeamPageRow['checkout_status']>, string> = {
  critical_failed: 'Critical checks failed',
  non_critical_failed: 'Some checks failed',
  passed: 'Checks passed',
  still_in_office: 'Still in the office',
  working_or_plan_to_work: 'Working or plans to work',
  not_checked: 'Not checked',
};

function checkoutText(row: TeamPageRow): string {
  if (!row.checkout_status || !row.checkout_date) return 'No checkout yet';
  const [year, month, day] = row.checkout_date.split('-').map(Number);
  const date = new Date(year, month - 1, day).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
  return `${CHECKOUT[row.checkout_status]} (${date})`;
}

/**
 * The team page (spec 02 §2, §6): the members the user observes, with their status, today's work
 * and task time, live. Live: the teammate row a status or profile event carries patches the card
 * of an observed member (its status and name); the page reads its answer again only when an
 * observed member's presence or checks changed (today's times and the checkout move on the server
 * with them), and after a reconnect (features/workspace/workers.ts `teamPageNews`). Each card opens
 * the member's checkout in history mode.
 */
export default function TeamPage() {
  const navigate = useNavigate();
  const { link } = useBeta();
  const allowed = useAppSelector(selectCurrentUser)?.team_page_access_granted_yn ?? false;
  const { rows, problem } = useTeamPage(allowed);

  if (!allowed) {
    return (
      <PageFrame title="Team">
        <Result status="403" title={<h1 className="status-page__title">403</h1>} subTitle="You do not have access to the team page." />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Team">
      {problem && !rows && <Alert type="warning" showIcon role="alert" title={problem} />}
      {!rows && !problem && <Skeleton active paragraph={{ rows: 6 }} />}
      {rows && rows.length === 0 && <Empty description="You do not observe anybody yet. A workspace admin chooses whom your team page shows." />}
      {rows && rows.length > 0 && (
        <div className="team-page-grid" data-testid="team-page">
          {rows.map((row) => {
            const status = STATUS[row.status];
            const name = row.observed_user.display_name || row.observed_user.full_name;
            return (
              <section key={row.observed_user.id} className="workspace-card" data-testid={`team-member-${row.observed_user.id}`} aria-label={name}>
                <div className="workspace-card__head">
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
                    <UserAvatar user={row.observed_user} size={32} />
                    <strong>{name}</strong>
                  </span>
                  <Tag style={status.style}>{status.label}</Tag>
                </div>
                <dl className="team-page-times">
                  <dt>Work time today</dt>
                  <dd>{formatDuration(row.work_time)}</dd>
                  <dt>Break time today</dt>
                  <dd>{formatDuration(row.break_time)}</dd>
                  <dt>Tasks time today</dt>
                  <dd>{formatDuration(row.tasks_time)}</dd>
                  {row.time_account && (
                    <>
                      <dt>Week</dt>
                      <dd data-testid="team-week">
                        {formatDuration(row.time_account.week.worked)} / {formatDuration(row.time_account.week.expected)} ({formatSignedDuration(row.time_account.week.difference)})
                      </dd>
                      <dt>Balance</dt>
                      <dd data-testid="team-balance">{formatSignedDuration(row.time_account.balance.balance)}</dd>
                    </>
                  )}
                  <dt>Checkout</dt>
                  <dd data-testid="checkout-status">{checkoutText(row)}</dd>
                </dl>
                <Button block onClick={() => navigate(link(`${paths.checkout}?user=${row.observed_user.id}`))} aria-label={`Open ${name}'s checkout`}>
                  Open checkout
                </Button>
              </section>
            );
          })}
        </div>
      )}
    </PageFrame>
  );
}
