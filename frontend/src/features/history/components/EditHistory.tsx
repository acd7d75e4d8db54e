import { Button, Empty, Skeleton, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { describeChange } from '../changeLog';
import { selectHistory } from '../selectors';
import { historyActions } from '../slice';
import { slashDate, wallClock } from '../../../shared/zoned';
import { displayClock } from '../../../shared/time';

/** Edit history from the change log: 10 entries, then 'Show x more' (spec 01 §2, §9). */
export function EditHistory({ timeZone }: { timeZone: string }) {
  const dispatch = useAppDispatch();
  const { log } = useAppSelector(selectHistory);
  const more = log.count - log.entries.length;
  return (
    <section className="history-card" aria-labelledby="edit-history-title">
      <h2 id="edit-history-title" className="history-card__title">
        Edit history
      </h2>
      {log.page === 0 && log.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : log.entries.length === 0 ? (
        <Empty description={log.error ?? 'No edits yet.'} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="change-log">
          {log.entries.map((entry) => {
            const at = wallClock(entry.changed_datetime, timeZone);
            return (
              <li key={entry.id} data-testid="change-log-entry" className="change-log__entry">
                <Typography.Text strong>{entry.modified_user?.display_name ?? 'Someone'}</Typography.Text>{' '}
                <Typography.Text>{describeChange(entry, timeZone)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    Day {slashDate(entry.work_date)} · changed {slashDate(at.date)} {displayClock(at.time)}
                    {entry.reason ? ` · “${entry.reason}”` : ''}
                  </Typography.Text>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 && (
        <Button type="link" loading={log.loading} onClick={() => dispatch(historyActions.logRequested({ page: log.page + 1 }))}>
          Show {more} more
        </Button>
      )}
    </section>
  );
}
