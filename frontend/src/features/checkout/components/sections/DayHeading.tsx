import { useSectionLevel } from './sectionLevel';
import type { ReactNode } from 'react';
import { Avatar, Button, Space, Tooltip, Typography } from 'antd';
import { UserAvatar } from '../../../../shared/UserAvatar';
import { headingDate } from '../../dates';
import { useObservers } from '../../hooks';
import { MAX_OBSERVER_AVATARS, OBSERVERS_TOOLTIP } from '../../rules';

interface Props {
  date: string;
  isCurrentDay: boolean;
  isOwn: boolean;
  /** The tracking tag, when this checkout shows it. */
  trackingTag: ReactNode;
  /** Modify / Done, when offered: whether Modify is on, and its toggle. */
  modify: { on: boolean; toggle: () => void } | null;
}

/** The day's title, with the tracking tag, who reads the user's checkout and Modify / Done. */
export function DayHeading({ date, isCurrentDay, isOwn, trackingTag, modify }: Props) {
  const level = useSectionLevel();
  const observers = useObservers(isOwn);
  return (
    <div className="checkout__heading">
      <Typography.Title level={level - 1 as 2 | 3} className="checkout__date" data-testid="checkout-date">
        {headingDate(date)}
        {isCurrentDay ? ' (Today)' : ''}
      </Typography.Title>
      <Space wrap>
        {trackingTag}
        {isOwn && observers.length > 0 && (
          <Tooltip title={OBSERVERS_TOOLTIP}>
            <button
              type="button"
              className="checkout__observers"
              data-testid="checkout-observers"
              aria-label={`${OBSERVERS_TOOLTIP} ${observers.map((o) => o.observer_user.display_name).join(', ')}`}
            >
              <Avatar.Group max={{ count: MAX_OBSERVER_AVATARS }} size={28}>
                {observers.map((o) => (
                  <UserAvatar key={o.id} user={o.observer_user} size={28} />
                ))}
              </Avatar.Group>
            </button>
          </Tooltip>
        )}
        {modify && (
          <Button type={modify.on ? 'primary' : 'default'} onClick={modify.toggle} aria-pressed={!modify.on}>
            {modify.on ? 'Done' : 'Modify'}
          </Button>
        )}
      </Space>
    </div>
  );
}
