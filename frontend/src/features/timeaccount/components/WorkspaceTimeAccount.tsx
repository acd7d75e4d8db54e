import { useEffect, useState } from 'react';
import { Button, Input, Skeleton, Tag } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { WEEKDAYS, hoursToSeconds, patternText } from '../pattern';
import { timeAccountActions } from '../slice';
import { BalanceRules } from './BalanceRules';
import { TimeOffTypes } from './TimeOffTypes';

/**
 * The workspace's working-time settings (admins, the Workspace panel; issue 27): the country and
 * subdivision of public holidays, the year's holidays with the workspace's own days off and
 * removed public holidays, the default schedule, the time-off types and the balance's rules.
 */
export default function WorkspaceTimeAccount() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.timeAccount?.workspace);
  const [year] = useState(() => new Date().getFullYear());
  const [region, setRegion] = useState<{ country: string; subdivision: string } | null>(null);
  const [dayOff, setDayOff] = useState({ date: '', name: '' });
  const [validFrom, setValidFrom] = useState('');
  const [hours, setHours] = useState<string[]>(['8', '8', '8', '8', '8', '0', '0']);

  useEffect(() => {
    dispatch(timeAccountActions.workspaceSettingsRequested({ year }));
  }, [dispatch, year]);

  if (!settings?.holidays) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  const shown = region ?? { country: settings.holidays.region.country, subdivision: settings.holidays.region.subdivision ?? '' };
  const changes = new Map(settings.holidays.changes.map((c) => [c.date, c]));
  const removed = settings.holidays.changes.filter((c) => c.removed);
  const seconds = hours.map(hoursToSeconds);
  const saving = settings.saving;

  return (
    <div data-testid="workspace-time-account">
      <h3>Public holidays</h3>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Input aria-label="Country code" placeholder="Country, e.g. PT" value={shown.country} maxLength={3} style={{ width: 140 }} onChange={(e) => setRegion({ ...shown, country: e.target.value.toUpperCase() })} />
        <Input aria-label="Subdivision code" placeholder="Subdivision (optional)" value={shown.subdivision} maxLength={10} style={{ width: 180 }} onChange={(e) => setRegion({ ...shown, subdivision: e.target.value.toUpperCase() })} />
        <Button disabled={saving || region === null} onClick={() => dispatch(timeAccountActions.regionSaveRequested(shown))}>
          Use region
        </Button>
      </div>
      <ul style={{ paddingLeft: 18 }} data-testid="workspace-holidays">
        {settings.holidays.holidays.map((h) => {
          const own = changes.get(h.date);
          return (
            <li key={h.date}>
              {h.date} · {h.name} {own && <Tag>workspace</Tag>}
              <Button
                size="small"
                type="link"
                disabled={saving}
                aria-label={`${own ? 'Remove day off' : 'Make a normal day of'} ${h.date} ${h.name}`}
                onClick={() => dispatch(own ? timeAccountActions.holidayDeleteRequested({ id: own.id }) : timeAccountActions.holidaySaveRequested({ date: h.date, name: '', removed: true }))}
              >
                {own ? 'Remove day off' : 'Make a normal day'}
              </Button>
            </li>
          );
        })}
        {removed.map((c) => (
          <li key={c.id}>
            {c.date} · normal day (public holiday removed)
            <Button size="small" type="link" disabled={saving} aria-label={`Restore holiday ${c.date}`} onClick={() => dispatch(timeAccountActions.holidayDeleteRequested({ id: c.id }))}>
              Restore holiday
            </Button>
          </li>
        ))}
      </ul>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Input type="date" aria-label="Day off date" value={dayOff.date} style={{ width: 160 }} onChange={(e) => setDayOff((d) => ({ ...d, date: e.target.value }))} />
        <Input aria-label="Day off name" placeholder="Name, e.g. Team day" value={dayOff.name} maxLength={120} style={{ width: 200 }} onChange={(e) => setDayOff((d) => ({ ...d, name: e.target.value }))} />
        <Button
          disabled={saving || !dayOff.date || !dayOff.name.trim()}
          onClick={() => {
            dispatch(timeAccountActions.holidaySaveRequested({ date: dayOff.date, name: dayOff.name.trim(), removed: false }));
            setDayOff({ date: '', name: '' });
          }}
        >
          Add day off
        </Button>
      </div>
      <h3 style={{ marginTop: 16 }}>Default schedule</h3>
      <ul style={{ paddingLeft: 18 }}>
        {settings.defaults.map((p) => (
          <li key={p.id}>
            From {p.valid_from}: {patternText(p)}
          </li>
        ))}
        {settings.defaults.length === 0 && <li>None: members without their own schedule have no hours expected.</li>}
      </ul>
      <Input type="date" aria-label="Default valid from" value={validFrom} style={{ width: 160 }} onChange={(e) => setValidFrom(e.target.value)} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(44px, 1fr))', gap: 4, margin: '8px 0' }}>
        {WEEKDAYS.map((day, i) => (
          <div key={day} style={{ display: 'flex', flexDirection: 'column', fontSize: 12 }}>
            <span aria-hidden="true">{day}</span>
            <Input inputMode="decimal" aria-label={`Default hours on ${day}`} value={hours[i]} status={seconds[i] === null ? 'error' : undefined} onChange={(e) => setHours((all) => all.map((h, j) => (j === i ? e.target.value : h)))} />
          </div>
        ))}
      </div>
      <Button
        disabled={saving || !validFrom || seconds.some((s) => s === null)}
        onClick={() => dispatch(timeAccountActions.defaultPatternSaveRequested({ user: null, valid_from: validFrom, weekday_seconds: seconds as number[] }))}
      >
        Add default schedule
      </Button>
      <TimeOffTypes types={settings.types} saving={saving} />
      {settings.rules && <BalanceRules key={JSON.stringify(settings.rules)} rules={settings.rules} saving={saving} />}
    </div>
  );
}
