import { Button, Radio, Select, Space } from 'antd';
import { LeftOutlined, RightOutlined, SyncOutlined } from '@ant-design/icons';
import type { CalendarRead } from '../../../api/types';
import { calendarImportTooltip } from '../../../shared/calendarImport';
import type { PickableMember } from '../../../shared/members';
import { formatDuration } from '../../../shared/time';
import type { CalendarView, DateRange } from '../weeks';
import { monthTitle, shownWeekLabel, weekTitle } from '../weeks';

interface Props {
  view: CalendarView;
  anchor: string;
  range: DateRange;
  today: string;
  data: CalendarRead | null;
  /** The shown week's or month's totals (worked growing live). */
  totals: { worked: number; pause: number; planned: number; tasks: number };
  members: PickableMember[];
  userId: number;
  viewerId: number;
  importing: boolean;
  onView: (view: CalendarView) => void;
  onAnchor: (anchor: string) => void;
  onStep: (direction: 1 | -1) => void;
  onUser: (id: number) => void;
  onImport: () => void;
}

/** Today, previous / next, the date picker, week or month, whose calendar, the import's state and
 *  the shown range's totals. */
export function CalendarToolbar(props: Props) {
  const { view, anchor, range, today, data, totals, members, userId, viewerId, importing } = props;
  const unit = view === 'week' ? 'week' : 'month';
  const tooltip = calendarImportTooltip(data?.calendar_import);
  return (
    <section className="calendar-toolbar" aria-label="Calendar controls">
      <div className="calendar-toolbar__row">
        <Space wrap size={8}>
          <Button onClick={() => props.onAnchor(today)}>Today</Button>
          <Space.Compact>
            <Button icon={<LeftOutlined />} aria-label={`Previous ${unit}`} onClick={() => props.onStep(-1)} />
            <Button icon={<RightOutlined />} aria-label={`Next ${unit}`} onClick={() => props.onStep(1)} />
          </Space.Compact>
          <input
            className="calendar-input calendar-toolbar__date"
            type="date"
            aria-label="Go to date"
            value={anchor}
            onChange={(e) => e.target.value && props.onAnchor(e.target.value)}
          />
        </Space>
        <h2 className="calendar-toolbar__title">
          {view === 'week' ? weekTitle(range) : monthTitle(anchor)}
          {view === 'week' && (
            <span className="calendar-week-number" title={`ISO week ${shownWeekLabel(range.from).slice(1)}`}>
              {shownWeekLabel(range.from)}
            </span>
          )}
        </h2>
        <Space wrap size={8}>
          {members.length > 1 && (
            <Select<number>
              aria-label="Member"
              className="calendar-toolbar__member"
              value={userId}
              options={members.map((m) => ({ value: m.id, label: m.id === viewerId ? `${m.display_name} (you)` : m.display_name }))}
              optionFilterProp="label"
              showSearch
              onChange={props.onUser}
            />
          )}
          <Radio.Group
            aria-label="View"
            optionType="button"
            value={view}
            options={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
            onChange={(e) => props.onView(e.target.value as CalendarView)}
          />
        </Space>
      </div>
      {data && (
        <div className="calendar-toolbar__row calendar-toolbar__totals" aria-label={`This ${unit}'s totals`}>
          <dl className="calendar-summary">
            <div>
              <dt>Worked</dt>
              <dd className="calendar-total--work">{formatDuration(totals.worked)}</dd>
            </div>
            <div>
              <dt>Break</dt>
              <dd>{formatDuration(totals.pause)}</dd>
            </div>
            <div>
              <dt>Planned</dt>
              <dd>{formatDuration(totals.planned)}</dd>
            </div>
            <div>
              <dt>Tasks</dt>
              <dd>{formatDuration(totals.tasks)}</dd>
            </div>
          </dl>
          {tooltip && (
            <Button type="text" size="small" icon={<SyncOutlined spin={importing} />} onClick={props.onImport} className="calendar-import">
              {tooltip}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
