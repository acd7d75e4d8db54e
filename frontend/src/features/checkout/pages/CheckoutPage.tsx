import type { ComponentProps } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { PageFrame } from '../../../shared/PageFrame';
import { UserAvatar } from '../../../shared/UserAvatar';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { hasBetaParam, paths, withBeta } from '../../../shared/routes';
import { CheckoutPanel } from '../components/CheckoutPanel';
import { DAY_STATUS_COLOR, DAY_STATUS_TEXT, OBSERVED_STATUS } from '../rules';
import { groupDate, shiftDate } from '../dates';
import { useDateStatuses, useObservable, useTodayOf } from '../hooks';
import { checkoutActions } from '../slice';
import '../checkout.css';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The 'Checkout' status list: the viewed user's recent days, grouped by date (spec 01 §2). */
function StatusList({ userId, onPick }: { userId: number; onPick: (date: string) => void }) {
  const today = useTodayOf(userId);
  const rows = useDateStatuses(userId, shiftDate(today, -30), today);
  return (
    <details className="checkout-side__group" open>
      <summary>Checkout</summary>
      {rows && rows.length === 0 ? (
        <Empty description="No checkout" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="checkout__list" data-testid="checkout-status-list" aria-busy={rows === null}>
          {(rows ?? []).map((row) => (
            <li key={row.date} className="checkout__status-row">
              <Button type="link" size="small" onClick={() => onPick(row.date)} style={{ padding: 0 }}>
                {groupDate(row.date)}
              </Button>
              <Tag color={DAY_STATUS_COLOR[row.status]}>{DAY_STATUS_TEXT[row.status]}</Tag>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * 'Shared with you': the members whose checkout the viewer reads, with their count, first on the
 * page so an observer finds it without scrolling. Opens one in history mode, stars it.
 */
function ObservedMembers({ current }: { current: number }) {
  const betaOn = hasBetaParam(useLocation().search);
  const dispatch = useAppDispatch();
  // Reloaded by the sagas when an observation changes or a teammate's presence does (their status dot).
  const rows = useObservable();
  if (!rows || rows.length === 0) return null;
  const shown = rows.filter((row) => row.shown_yn).length;
  return (
    <section aria-labelledby="observed-title" className="checkout-page__shared checkout-side__group" data-testid="shared-with-you">
      <Typography.Title level={2} id="observed-title" style={{ fontSize: 16, margin: '4px 0 8px' }}>
        Shared with you
        <span className="checkout__count" aria-hidden>
          {shown}
        </span>
        <span className="sr-only">{`: ${shown} ${shown === 1 ? 'member' : 'members'}`}</span>
      </Typography.Title>
      <ul className="checkout__list" data-testid="observed-members">
        {rows
          .filter((row) => row.shown_yn)
          .map((row) => (
            <li key={row.id} className="checkout__status-row">
              <Link to={withBeta(`${paths.checkout}?user=${row.observed_user.id}`, betaOn)} aria-current={row.observed_user.id === current ? 'page' : undefined}>
                <Space>
                  <UserAvatar user={row.observed_user} size={24} />
                  {row.observed_user.display_name || row.observed_user.full_name}
                  <span
                    className="checkout__presence"
                    data-testid="observed-status"
                    data-status={row.observed_user.current_status.status_enum_identifier}
                    style={{ background: OBSERVED_STATUS[row.observed_user.current_status.status_enum_identifier].color }}
                    title={OBSERVED_STATUS[row.observed_user.current_status.status_enum_identifier].text}
                  />
                  <span className="sr-only">{OBSERVED_STATUS[row.observed_user.current_status.status_enum_identifier].text}</span>
                </Space>
              </Link>
              <Button
                type="text"
                size="small"
                aria-label={row.starred_yn ? `Unstar ${row.observed_user.display_name}` : `Star ${row.observed_user.display_name}`}
                aria-pressed={row.starred_yn}
                onClick={() => dispatch(checkoutActions.starToggled(row))}
              >
                <span aria-hidden style={{ color: '#ad6800' }}>
                  {row.starred_yn ? '★' : '☆'}
                </span>
              </Button>
            </li>
          ))}
      </ul>
    </section>
  );
}

/** /checkout: the user's own checkout (page mode), or `?user=` an observed member's (history mode). */
export default function CheckoutPage({ trackingTag, periodClose }: Pick<ComponentProps<typeof CheckoutPanel>, 'trackingTag' | 'periodClose'>) {
  const me = useAppSelector((state) => state.auth.user);
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('user'));
  const userId = Number.isInteger(requested) && requested > 0 ? requested : (me?.id ?? 0);
  const rawDate = params.get('date') ?? '';
  const today = useTodayOf(userId);
  const date = DATE_PATTERN.test(rawDate) && rawDate <= today ? rawDate : today;
  const setDate = (next: string) => {
    const copy = new URLSearchParams(params);
    if (next === today) copy.delete('date');
    else copy.set('date', next);
    setParams(copy, { replace: true });
  };
  if (!me) return null;
  return (
    <PageFrame title="Checkout" data-testid="checkout-page">
      {/* 'Shared with you' comes first: beside the panel's top at 1440 px, above it on a phone (checkout.css). */}
      <div className="checkout-page">
        <ObservedMembers current={userId} />
        <div className="checkout-page__main">
          <CheckoutPanel key={userId} userId={userId} mode={userId === me.id ? 'page' : 'history'} date={date} onDateChange={setDate} framed trackingTag={trackingTag} periodClose={periodClose} />
        </div>
        <aside className="checkout-side" aria-label="Checkout history">
          <StatusList userId={userId} onPick={setDate} />
        </aside>
      </div>
    </PageFrame>
  );
}
