import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { toApiFailure } from '../../../api/client';
import { fetchMe } from '../../../api/accounts';
import { useAppDispatch } from '../../../shared/hooks';
import { sessionActions } from '../../../shared/session';
import { fetchIntegrations, saveIntegrations, syncTrackedExternally, testIntegration } from '../../../api/integrations';
import type { IntegrationSettings } from '../../../api/types';
import { feedback } from '../../../shared/feedback';
import { formatTime } from '../../../shared/time';
import { CalendarUrlField } from '../../../shared/integrations/CalendarUrlField';
import {
  TRACKER_OPTIONS,
  calendarConfig,
  integrationValues,
  secretLabel,
  trackerConfig,
  type IntegrationValues,
} from '../integrations';

type Kind = 'calendar' | 'tracker';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
type Outcome = { ok: boolean; text: string };

function lastSync(state: IntegrationSettings['calendar'], what: string): string | null {
  if (!state.configured) return null;
  if (state.failed && state.last_failure_at) return `${what} failed at ${formatTime(state.last_failure_at)}: ${state.last_error}`;
  if (state.last_import_at) return `Last ${what.toLowerCase()} at ${formatTime(state.last_import_at)}.`;
  return null;
}

/**
 * Edit Profile's Integration section: the user's own calendar feed (an iCalendar address) and time
 * tracker, each with a Test connection button that reports the provider's answer (docs/integrations.md).
 */
export function IntegrationSection() {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<IntegrationValues>();
  const [settings, setSettings] = useState<IntegrationSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [testing, setTesting] = useState<Kind | null>(null);
  const [outcome, setOutcome] = useState<Partial<Record<Kind, Outcome>>>({});
  const [saving, setSaving] = useState(false);
  const provider = Form.useWatch('provider', form) ?? '';

  useEffect(() => {
    let live = true;
    fetchIntegrations()
      .then((value) => {
        if (!live) return;
        setSettings(value);
        form.setFieldsValue(integrationValues(value));
      })
      .catch((error: unknown) => live && setLoadError(toApiFailure(error).message || 'The settings could not be loaded.'));
    return () => {
      live = false;
    };
  }, [form]);

  const test = async (kind: Kind) => {
    const values = form.getFieldsValue(true) as IntegrationValues;
    const config = kind === 'calendar' ? calendarConfig(values) : trackerConfig(values);
    if (!config) {
      setOutcome((o) => ({ ...o, [kind]: { ok: false, text: kind === 'calendar' ? "Enter the calendar's address." : 'Choose a tracker.' } }));
      return;
    }
    setTesting(kind);
    try {
      const result = await testIntegration({ kind, config });
      setOutcome((o) => ({ ...o, [kind]: { ok: true, text: result.message } }));
    } catch (error) {
      setOutcome((o) => ({ ...o, [kind]: { ok: false, text: toApiFailure(error).message || 'The test failed.' } }));
    } finally {
      setTesting(null);
    }
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as IntegrationValues;
    setSaving(true);
    try {
      const saved = await saveIntegrations({
        external_calendar_config_json: calendarConfig(values),
        external_tracker_config_json: trackerConfig(values),
      });
      setSettings(saved);
      feedback.success('Integration saved.');
      // Tracked time shows once the user has a tracker (has_tracker): publish the fresher user.
      dispatch(sessionActions.userReloaded(await fetchMe()));
      const tracker = trackerConfig(values);
      if (tracker && tracker.provider !== 'builtin') {
        // Copy the last week now (the background job refreshes it later); the live event
        // time_entries_synced then refreshes today's tracked time.
        const today = new Date();
        const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
        await syncTrackedExternally({ from_date: isoDate(weekAgo), to_date: isoDate(today), notify_user: true });
      }
    } catch (error) {
      feedback.failure(toApiFailure(error).message || 'The integration could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  if (loadError) return <Alert type="error" showIcon message={loadError} />;
  if (!settings) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  const calendarNote = lastSync(settings.calendar, 'Import');
  const trackerNote = lastSync(settings.tracker, 'Sync');
  const result = (kind: Kind) => {
    const value = outcome[kind];
    return value ? (
      <Alert type={value.ok ? 'success' : 'error'} showIcon message={value.text} role="status" data-testid={`integration-${kind}-result`} style={{ marginTop: 8 }} />
    ) : null;
  };

  return (
    <Form form={form} layout="vertical" component="div" data-testid="integration-section">
      <CalendarUrlField />
      <Space wrap>
        <Button onClick={() => void test('calendar')} loading={testing === 'calendar'}>
          Test calendar connection
        </Button>
        {calendarNote && <Typography.Text type={settings.calendar.failed ? 'danger' : 'secondary'}>{calendarNote}</Typography.Text>}
      </Space>
      {result('calendar')}

      <Form.Item name="provider" label="Time tracker" style={{ marginTop: 16 }}>
        <Select options={TRACKER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      {(provider === 'toggl' || provider === 'clockify') && (
        <>
          <Form.Item name="secret" label={secretLabel(provider)}>
            <Input.Password autoComplete="off" />
          </Form.Item>
          {provider === 'clockify' && (
            <Form.Item name="workspaceId" label="Clockify workspace ID (optional: your active workspace)">
              <Input autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="baseUrl" label="API address (optional: the provider's own)">
            <Input placeholder={provider === 'toggl' ? 'https://api.track.toggl.com' : 'https://api.clockify.me'} autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Space wrap>
        <Button onClick={() => void test('tracker')} loading={testing === 'tracker'} disabled={!provider}>
          Test tracker connection
        </Button>
        {trackerNote && <Typography.Text type={settings.tracker.failed ? 'danger' : 'secondary'}>{trackerNote}</Typography.Text>}
      </Space>
      {result('tracker')}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={() => void save()} loading={saving}>
          Save integration
        </Button>
      </div>
    </Form>
  );
}
