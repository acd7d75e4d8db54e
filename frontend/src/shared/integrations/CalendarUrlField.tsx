import { Form, Input } from 'antd';

/** The calendar address field (form field `calendarUrl`). */
export function CalendarUrlField() {
  return (
    <Form.Item name="calendarUrl" label="Calendar address (iCalendar .ics link)" extra="Google Calendar's secret address, Outlook's published calendar or a Nextcloud export link.">
      <Input placeholder="https://calendar.google.com/calendar/ical/…/basic.ics" spellCheck={false} autoComplete="off" />
    </Form.Item>
  );
}
