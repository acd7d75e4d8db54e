import { Button, Descriptions, Space, Tag, Typography } from 'antd';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Teammate } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { formatDuration, formatTimeIn, formatTimeInZone, formatUtcOffset, zoneLabel } from '../../../shared/time';
import { STATUS_COLORS } from '../ordering';
import { presenceLabel, quiet } from '../presence';
import { lastSeenLabel } from '../lastSeen';
import { teammatesActions } from '../slice';

/** The schedule on the teammate's own clock (their zone is named under it). */
function schedule(teammate: Teammate): string[] {
  const lines: string[] = [];
  const at = (instant: string) => formatTimeIn(instant, teammate.timezone);
  if (teammate.today_starttime) {
    lines.push(
      teammate.today_endtime
        ? `Today ${at(teammate.today_starttime)} – ${at(teammate.today_endtime)}`
        : `Today since ${at(teammate.today_starttime)}`,
    );
  }
  const next = teammate.next_workday;
  if (next) {
    lines.push(
      `Next ${dayjs(next.date).format('ddd, MMM D')} ${at(next.start_datetime)} – ${at(next.end_datetime)} (${formatDuration(next.work_time_seconds)})`,
    );
  }
  return lines.length ? lines : ['Nothing scheduled'];
}

/** Full name, status, schedule, role, location and local time (spec 02 §2); pin for others. */
export function TeammateCard({ teammate, now }: { teammate: Teammate; now: Date }) {
  const dispatch = useAppDispatch();
  const location = [teammate.city, teammate.country].filter(Boolean).join(', ');
  const localTime = formatTimeInZone(teammate.timezone, now);
  const away = quiet(teammate) === 'away';
  return (
    <div style={{ width: 300 }} data-testid="teammate-card">
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {teammate.full_name || teammate.display_name}
          </Typography.Text>
          {teammate.is_self && <Typography.Text type="secondary"> (you)</Typography.Text>}
          <div>
            <Tag color={STATUS_COLORS[away ? 'out_of_office' : teammate.status]} data-testid="teammate-status" style={{ marginTop: 4, color: away || teammate.status === 'out_of_office' ? '#595959' : undefined }}>
              {presenceLabel(teammate, now)}
            </Tag>
            {teammate.status === 'out_of_office' && lastSeenLabel(teammate, now) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="teammate-last-seen">
                {lastSeenLabel(teammate, now)}
              </Typography.Text>
            )}
          </div>
        </div>
        {!teammate.is_self && (
          <Button
            size="small"
            type={teammate.pinned_yn ? 'primary' : 'default'}
            ghost={teammate.pinned_yn}
            icon={teammate.pinned_yn ? <PushpinFilled /> : <PushpinOutlined />}
            onClick={() => dispatch(teammatesActions.pinToggled({ user: teammate.user, pinned: !teammate.pinned_yn }))}
          >
            {teammate.pinned_yn ? 'Unpin' : 'Pin'}
          </Button>
        )}
      </Space>
      <Descriptions column={1} size="small" style={{ marginTop: 12 }} styles={{ label: { width: 90 } }}>
        <Descriptions.Item label="Schedule">
          <div>
            {schedule(teammate).map((line) => (
              <div key={line}>{line}</div>
            ))}
            {(teammate.today_starttime || teammate.next_workday) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="teammate-zone">
                {teammate.is_self ? 'Times in your timezone' : `Times in ${teammate.display_name}'s timezone (${zoneLabel(teammate.timezone, now)})`}
              </Typography.Text>
            )}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label="Role">{teammate.role || '—'}</Descriptions.Item>
        <Descriptions.Item label="Location">{location || '—'}</Descriptions.Item>
        <Descriptions.Item label="Local time">
          {localTime ? `${localTime} (${formatUtcOffset(teammate.utc_offset_minutes)})` : '—'}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
