import { useMemo, useState } from 'react';
import { Button, Calendar, Popover, Space } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, ScheduleOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useDateStatuses } from '../../hooks';
import { DATE_FORMAT, shiftDate } from '../../dates';
import { calendarLocaleFor } from '../../weekLocale';
import { useAppSelector } from '../../../../shared/hooks';
import { selectCurrentUser } from '../../../../shared/session';
import { firstDayOf } from '../../../../shared/weeks';

/** How far back the date picker marks the days with a checkout status. */
const CALENDAR_DAYS = 92;

interface Props {
  userId: number;
  date: string;
  today: string;
  onDate: (date: string) => void;
}

/** Today, the previous and next day, and a date picker that marks work days and refuses future ones. */
export function DayNav({ userId, date, today, onDate }: Props) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const statuses = useDateStatuses(userId, shiftDate(today, -CALENDAR_DAYS), today);
  const workDates = useMemo(() => new Set((statuses ?? []).map((row) => row.date)), [statuses]);
  const isCurrentDay = date === today;
  const firstDay = firstDayOf(useAppSelector(selectCurrentUser));
  const locale = useMemo(() => calendarLocaleFor(firstDay), [firstDay]);
  return (
    <Space wrap className="checkout__nav">
      <Button onClick={() => onDate(today)} disabled={isCurrentDay}>
        Today
      </Button>
      <Button icon={<ArrowLeftOutlined />} aria-label="Previous day" onClick={() => onDate(shiftDate(date, -1))} />
      <Button icon={<ArrowRightOutlined />} aria-label="Next day" disabled={isCurrentDay} onClick={() => onDate(shiftDate(date, 1))} />
      <Popover
        trigger="click"
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        placement="bottomRight"
        content={
          <div className="checkout__calendar">
            <Calendar
              fullscreen={false}
              locale={locale}
              value={dayjs(date)}
              disabledDate={(value: Dayjs) => value.format(DATE_FORMAT) > today}
              onSelect={(value, info) => {
                if (info.source !== 'date') return;
                setPickerOpen(false);
                onDate(value.format(DATE_FORMAT));
              }}
              fullCellRender={(current) => {
                const value = current.format(DATE_FORMAT);
                return <div className={`ant-picker-cell-inner${workDates.has(value) ? ' checkout__workday-cell' : ''}`}>{current.date()}</div>;
              }}
            />
          </div>
        }
      >
        <Button icon={<ScheduleOutlined />} aria-label="Pick a date">
          {date}
        </Button>
      </Popover>
    </Space>
  );
}
