import { useEffect } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import type { IntegrationSettings } from '../../../api/types';
import { formatTime } from '../../../shared/time';
import { CalendarUrlField } from '../../../shared/integrations/CalendarUrlField';
import { TRACKER_OPTIONS, calendarConfig, integrationValues, secretLabel, trackerConfig, type IntegrationValues } from '../integrations';
import { selectProfile } from '../selectors';
import { profileActions, type IntegrationKind as Kind } from '../slice';

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
  const { settings, loadError, testing, outcome, saving } = useAppSelector(selectProfile).integration;
  const provider = Form.useWatch('provider', form) ?? '';

  useEffect(() => {
    dispatch(profileActions.integrationRequested());
  }, [dispatch]);
  const loaded = settings !== null;
  useEffect(() => {
    if (settings) form.setFieldsValue(integrationValues(settings));
    // Once loaded: a save's answer must not reset what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, form]);

  const test = (kind: Kind) => {
    const values = form.getFieldsValue(true) as IntegrationValues;
    const config = kind === 'calendar' ? calendarConfig(values) : trackerConfig(values);
    if (!config) {
      dispatch(profileActions.integrationTestRefused({ kind, text: kind === 'calendar' ? "Enter the calendar's address." : 'Choose a tracker.' }));
      return;
    }
    dispatch(profileActions.integrationTestRequested({ kind, config }));
  };

  const save = () => {
    const values = form.getFieldsValue(true) as IntegrationValues;
    dispatch(profileActions.integrationSaveRequested({ calendar: calendarConfig(values), tracker: trackerConfig(values) }));
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
        <Button onClick={() => test('calendar')} loading={testing === 'calendar'}>
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
        <Button onClick={() => test('tracker')} loading={testing === 'tracker'} disabled={!provider}>
          Test tracker connection
        </Button>
        {trackerNote && <Typography.Text type={settings.tracker.failed ? 'danger' : 'secondary'}>{trackerNote}</Typography.Text>}
      </Space>
      {result('tracker')}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
        <Button onClick={save} loading={saving}>
          Save integration
        </Button>
      </div>
    </Form>
  );
}
