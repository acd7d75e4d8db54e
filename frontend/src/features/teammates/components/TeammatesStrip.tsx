import { lazy, memo, Suspense, useEffect, useReducer } from 'react';
import { shallowEqual } from 'react-redux';
import { Empty, Popover, Skeleton } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import type { Teammate } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useNow } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { STATUS_COLORS } from '../ordering';
import { presenceLabel, quiet as quietOf } from '../presence';
import { selectTeammateById, selectTeammateIds, selectTeammatesState } from '../selectors';
import { teammatesActions } from '../slice';
import { useWindowedGrid } from './useWindowedGrid';

// antd's Alert (about 2.7 KiB gzip) loads only when the strip could not be read: the office's first
// load does not carry it (bench/bundle/budget.json).
const Alert = lazy(() => import('antd/es/alert'));
// A teammate's card (antd Descriptions) is a lazy chunk, loaded when the first card is opened.
const TeammateCard = lazy(() => import('./TeammatePopover').then((module) => ({ default: module.TeammateCard })));

const AVATAR = 44;
/** Every cell has this size, so the strip can render only the rows in view (useWindowedGrid). */
const CELL = { width: 64, height: 76, gap: 12 };
// A cell is plain elements besides its Popover (no antd Avatar or Typography per cell): each antd
// component measures, observes or generates styles per instance, which a strip of 100 cells in view
// paid for on the first render (bench/README.md, issue 25).
const PIN = {
  position: 'absolute',
  top: -4,
  right: -4,
  width: 18,
  height: 18,
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: '#fff',
  color: '#595959',
  border: '1px solid #f0f0f0',
} as const;
const NAME = {
  fontSize: 12,
  maxWidth: CELL.width,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: 'rgba(0, 0, 0, 0.88)',
} as const;

/** The card's clock ticks only while a card is open, not in every row of the strip. */
function OpenCard({ teammate }: { teammate: Teammate }) {
  const now = useNow(60_000);
  return <TeammateCard teammate={teammate} now={now} />;
}

/** Renders again every minute only while `on` (an idle member's 'idle 12m' moves on). */
function useMinutesWhile(on: boolean): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!on) return;
    const id = window.setInterval(tick, 60_000);
    return () => window.clearInterval(id);
  }, [on]);
}

/** One member, read from the store by id: a live patch re-renders this row only. */
const TeammateAvatar = memo(function TeammateAvatar({ id }: { id: number }) {
  const teammate = useAppSelector((state) => selectTeammateById(state, id));
  const quiet = teammate && quietOf(teammate);
  useMinutesWhile(!!quiet);
  if (!teammate) return null;
  // Idle: an amber dot; away ('last seen'): grey, as out of the office (docs/presence.md).
  const color = STATUS_COLORS[quiet === 'away' ? 'out_of_office' : teammate.status];
  const label = presenceLabel(teammate, new Date());
  return (
    <Popover
      content={
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3, width: 240 }} />}>
          <OpenCard teammate={teammate} />
        </Suspense>
      }
      trigger="click"
      placement="bottom"
    >
      <button
        type="button"
        aria-label={`${teammate.display_name}: ${label}`}
        title={quiet ? label : undefined}
        data-testid={`teammate-${teammate.user}`}
        data-status={teammate.status}
        data-presence={teammate.presence ?? undefined}
        style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', width: CELL.width, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}
      >
        <span style={{ position: 'relative', borderRadius: '50%', padding: 2, border: `2px solid ${color}`, lineHeight: 0 }}>
          <UserAvatar user={{ ...teammate, id: teammate.user }} size={AVATAR} />
          <span
            aria-hidden
            style={{ position: 'absolute', right: 0, bottom: 0, width: 12, height: 12, borderRadius: '50%', background: quiet === 'idle' ? '#faad14' : color, border: '2px solid #fff' }}
          />
          {teammate.pinned_yn && !teammate.is_self && (
            <span aria-hidden style={PIN}>
              <PushpinFilled style={{ fontSize: 10 }} />
            </span>
          )}
        </span>
        <span style={NAME}>{teammate.is_self ? 'You' : teammate.display_name}</span>
      </button>
    </Popover>
  );
});

/** You, pinned teammates, then the others (spec 02 §2), patched by live events; only the rows of
 * the strip that are in view (or next to it) are rendered. */
export function TeammatesStrip() {
  const dispatch = useAppDispatch();
  const ids = useAppSelector(selectTeammateIds, shallowEqual);
  const { loaded, error } = useAppSelector(selectTeammatesState);
  const { ref, first, last, padTop, padBottom } = useWindowedGrid<HTMLDivElement>(ids.length, CELL);

  useEffect(() => {
    dispatch(teammatesActions.listRequested());
  }, [dispatch]);

  if (!loaded && error)
    return (
      <Suspense fallback={<p role="alert">Teammates could not be loaded.</p>}>
        <Alert type="warning" showIcon message="Teammates could not be loaded." />
      </Suspense>
    );
  if (!loaded) return <Skeleton avatar={{ size: AVATAR }} title={false} paragraph={{ rows: 1 }} active />;
  if (ids.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No teammates yet" />;
  return (
    <div
      ref={ref}
      role="list"
      aria-label="Teammates"
      data-testid="teammates-strip"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, ${CELL.width}px)`,
        gridAutoRows: CELL.height,
        gap: CELL.gap,
        paddingTop: padTop,
        paddingBottom: padBottom,
      }}
    >
      {ids.slice(first, last).map((id, index) => (
        <div role="listitem" key={id} aria-setsize={ids.length} aria-posinset={first + index + 1}>
          <TeammateAvatar id={id} />
        </div>
      ))}
    </div>
  );
}
