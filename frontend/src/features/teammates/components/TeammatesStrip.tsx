import { lazy, Suspense, useEffect } from 'react';
import { Alert, Avatar, Empty, Popover, Skeleton, Typography } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import type { Teammate } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useNow } from '../../../shared/time';
import { UserAvatar } from '../../../shared/UserAvatar';
import { STATUS_COLORS, STATUS_LABELS } from '../ordering';
import { selectOrderedTeammates, selectTeammatesState } from '../selectors';
import { teammatesActions } from '../slice';

// A teammate's card (antd Descriptions) is a lazy chunk, loaded when the first card is opened.
const TeammateCard = lazy(() => import('./TeammatePopover').then((module) => ({ default: module.TeammateCard })));

const AVATAR = 44;

function TeammateAvatar({ teammate, now }: { teammate: Teammate; now: Date }) {
  const color = STATUS_COLORS[teammate.status];
  return (
    <Popover
      content={
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3, width: 240 }} />}>
          <TeammateCard teammate={teammate} now={now} />
        </Suspense>
      }
      trigger="click"
      placement="bottom"
    >
      <button
        type="button"
        aria-label={`${teammate.display_name}: ${STATUS_LABELS[teammate.status]}`}
        data-testid={`teammate-${teammate.user}`}
        data-status={teammate.status}
        style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', width: 64, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}
      >
        <span style={{ position: 'relative', borderRadius: '50%', padding: 2, border: `2px solid ${color}`, lineHeight: 0 }}>
          <UserAvatar user={{ ...teammate, id: teammate.user }} size={AVATAR} />
          <span
            aria-hidden
            style={{ position: 'absolute', right: 0, bottom: 0, width: 12, height: 12, borderRadius: '50%', background: color, border: '2px solid #fff' }}
          />
          {teammate.pinned_yn && !teammate.is_self && (
            <Avatar size={18} icon={<PushpinFilled style={{ fontSize: 10 }} />} style={{ position: 'absolute', top: -4, right: -4, background: '#fff', color: '#595959', border: '1px solid #f0f0f0' }} />
          )}
        </span>
        <Typography.Text ellipsis style={{ fontSize: 12, maxWidth: 64 }}>
          {teammate.is_self ? 'You' : teammate.display_name}
        </Typography.Text>
      </button>
    </Popover>
  );
}

/** You, pinned teammates, then the others (spec 02 §2), kept fresh by live events. */
export function TeammatesStrip() {
  const dispatch = useAppDispatch();
  const teammates = useAppSelector(selectOrderedTeammates);
  const { loaded, error } = useAppSelector(selectTeammatesState);
  const now = useNow(60_000);

  useEffect(() => {
    dispatch(teammatesActions.listRequested());
  }, [dispatch]);

  if (!loaded && error) return <Alert type="warning" showIcon message="Teammates could not be loaded." />;
  if (!loaded) return <Skeleton avatar={{ size: AVATAR }} title={false} paragraph={{ rows: 1 }} active />;
  if (teammates.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No teammates yet" />;
  return (
    <div role="list" aria-label="Teammates" data-testid="teammates-strip" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {teammates.map((teammate) => (
        <div role="listitem" key={teammate.user}>
          <TeammateAvatar teammate={teammate} now={now} />
        </div>
      ))}
    </div>
  );
}
