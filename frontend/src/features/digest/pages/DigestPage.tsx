import { useEffect } from 'react';
import { Alert, Button, Empty, Result, Skeleton, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../shared/PageFrame';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDayDate, parseLocalDate } from '../../../shared/time';
import { shiftDate } from '../format';
import { DigestMemberCard } from '../components/DigestMemberCard';
import { selectDigest } from '../selectors';
import { digestActions } from '../slice';
import '../digest.css';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /digest (issue 32, docs/reminders.md): the morning digest of observers, team-page owners and
 * admins: who checked out yesterday and who did not, each note's first lines, failed checks, hours
 * against the target, and time off today. `?date=` shows another day.
 */
export default function DigestPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date') ?? '';
  const asked = DATE_PATTERN.test(raw) ? raw : null;
  const { digest, loading, error, notFound } = useAppSelector(selectDigest);

  useEffect(() => {
    dispatch(digestActions.loadRequested(asked));
  }, [dispatch, asked]);

  const go = (days: number) => digest && setParams({ date: shiftDate(digest.date, days) }, { replace: true });
  if (notFound) {
    return (
      <PageFrame title="Morning digest" width="narrow">
        <Result status="info" title="No digest for you" subTitle={error} />
      </PageFrame>
    );
  }
  const shown = digest && (asked === null || digest.date === asked) ? digest : null;
  const nav = shown && (
    <div className="digest-nav">
      <Button icon={<LeftOutlined />} aria-label="Day before" onClick={() => go(-1)} />
      <span data-testid="digest-date">{formatDayDate(parseLocalDate(shown.date))}</span>
      <Button icon={<RightOutlined />} aria-label="Day after" onClick={() => go(1)} />
    </div>
  );
  return (
    <PageFrame title="Morning digest" extra={nav} data-testid="digest-page">
      {error && !loading && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {!shown && loading && <Skeleton active paragraph={{ rows: 6 }} />}
      {shown && (
        <>
          <div className="digest-summary" aria-label="Summary">
            <Tag color="green">{shown.counts.checked_out} checked out</Tag>
            <Tag color="orange">{shown.counts.not_checked_out} did not check out</Tag>
            {shown.counts.still_in_office > 0 && <Tag color="blue">{shown.counts.still_in_office} still in the office</Tag>}
            <Tag>{shown.counts.no_work_day} no work day</Tag>
            <Tag color="purple">{shown.members.filter((m) => m.time_off_today).length} off today</Tag>
          </div>
          {shown.members.length === 0 ? (
            <Empty description="Nobody to report on yet: observe a teammate's checkout to see them here." />
          ) : (
            <div className="digest-grid">
              {shown.members.map((member) => (
                <DigestMemberCard key={member.user_id} member={member} date={shown.date} />
              ))}
            </div>
          )}
        </>
      )}
    </PageFrame>
  );
}
