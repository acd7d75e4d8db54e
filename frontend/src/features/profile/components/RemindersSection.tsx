import { useEffect } from 'react';
import { Select, Switch, Typography } from 'antd';
import type { ReminderSettings, ReminderSettingsUpdate } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { displayClock } from '../../../shared/time';
import { selectReminders } from '../remindersSelectors';
import { remindersActions } from '../remindersSlice';
import { SectionLoadState } from './SectionLoadState';

type Switchable = 'remind_office_start_yn' | 'remind_checkout_note_yn' | 'remind_tracker_yn' | 'remind_closing_yn' | 'digest_email_yn';

/** Each reminder, as the emails and notifications name it (docs/reminders.md). */
const REMINDER_SWITCHES: { key: Switchable; label: string; extra: string }[] = [
  { key: 'remind_office_start_yn', label: 'Not in the office by the scheduled start', extra: 'A few minutes after your planned day starts.' },
  { key: 'remind_checkout_note_yn', label: 'Checkout note not written by the scheduled end', extra: 'When your planned day ends and you worked.' },
  { key: 'remind_tracker_yn', label: 'Tracker still running at the end of the day', extra: 'At your planned end, or at 18:00 on a day without a plan.' },
  { key: 'remind_closing_yn', label: 'Period not submitted when periods close', extra: 'The day before your period ends, and once it is overdue.' },
];

/** The 24 hours in the member's clock format (read when shown: the preference may change). */
const hours = () => Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: displayClock(`${String(hour).padStart(2, '0')}:00`) }));

function SwitchRow({ label, extra, checked, busy, onChange }: { label: string; extra: string; checked: boolean; busy: boolean; onChange: (on: boolean) => void }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 12, alignItems: 'center', padding: '6px 0' }}>
      <div style={{ minWidth: 0 }}>
        <div>{label}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {extra}
        </Typography.Text>
      </div>
      <Switch aria-label={label} checked={checked} loading={busy} onChange={onChange} />
    </div>
  );
}

/**
 * Edit Profile > Preferences > Reminders: each switch is saved when flipped (like the emailed
 * one-click link, which flips the same switch); times are the member's own (their time zone).
 */
export function RemindersSection() {
  const dispatch = useAppDispatch();
  const { settings, loading, error, saving } = useAppSelector(selectReminders);

  useEffect(() => {
    dispatch(remindersActions.loadRequested());
  }, [dispatch]);

  if (!settings) {
    return <SectionLoadState loading={loading} error={error} rows={3} testId="reminders-skeleton" onRetry={() => dispatch(remindersActions.loadRequested())} />;
  }
  const change = (body: ReminderSettingsUpdate) => dispatch(remindersActions.changeRequested(body));
  const on = (key: keyof ReminderSettings) => Boolean(settings[key]);
  const flip = (key: Switchable, value: boolean) => {
    const body: ReminderSettingsUpdate = {};
    body[key] = value;
    change(body);
  };
  return (
    <section aria-label="Reminders" style={{ marginBottom: 16 }}>
      <Typography.Text strong>Reminders</Typography.Text>
      <div>
        {REMINDER_SWITCHES.map(({ key, label, extra }) => (
          <SwitchRow key={key} label={label} extra={extra} checked={on(key)} busy={saving.includes(key)} onChange={(value) => flip(key, value)} />
        ))}
        <SwitchRow
          label="Morning digest email"
          extra="For observers, team-page owners and admins: yesterday's checkouts, notes and hours."
          checked={on('digest_email_yn')}
          busy={saving.includes('digest_email_yn')}
          onChange={(value) => flip('digest_email_yn', value)}
        />
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 0' }}>
          <label htmlFor="digest-hour">Digest arrives at</label>
          <Select
            id="digest-hour"
            aria-label="Digest arrives at"
            style={{ width: 120 }}
            disabled={!settings.digest_email_yn}
            value={settings.digest_hour}
            options={hours()}
            onChange={(value: number) => change({ digest_hour: value })}
          />
        </div>
      </div>
    </section>
  );
}
