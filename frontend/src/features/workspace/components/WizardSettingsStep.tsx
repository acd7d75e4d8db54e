import { Form, Input, Select, Switch } from 'antd';
import { CalendarUrlField } from '../../../shared/integrations/CalendarUrlField';
import { WORK_HOURS_SOURCES, WORKSPACE_ROLES, checkConfig } from '../memberForm';

/** The wizard's Settings step: role, work hours, tracker (JSON), calendar address, access rights. */
export function WizardSettingsStep({ hidden, trackerOn }: { hidden: boolean; trackerOn: boolean }) {
  return (
    <div hidden={hidden}>
      <Form.Item name="workspace_role" label="Workspace role">
        <Select options={[...WORKSPACE_ROLES]} />
      </Form.Item>
      <Form.Item name="work_hours_source" label="Work hours source">
        <Select options={[...WORK_HOURS_SOURCES]} />
      </Form.Item>
      <Form.Item name="external_tracker_enabled" label="External Tracker" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="tracker_config" label="External tracker configuration (JSON)" hidden={!trackerOn}
        rules={[({ getFieldValue }) => ({ validator: (_, value: string) => checkConfig(value, getFieldValue('external_tracker_enabled') === true) })]}
      >
        <Input.TextArea rows={3} spellCheck={false} placeholder='{"title": "Toggl", "api_key": "..."}' />
      </Form.Item>
      <CalendarUrlField />
      <Form.Item name="allow_add_manual_shifts" label="Can add manual shifts to checkout" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="allow_invisible_mode" label="Can switch to invisible mode" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="team_page_access_granted_yn" label="Has a team page" valuePropName="checked">
        <Switch />
      </Form.Item>
    </div>
  );
}
