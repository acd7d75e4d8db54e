import { Form, Radio, Select, Switch } from 'antd';
import type { UserDetails } from '../../../api/types';

const DAY_NAMES = { monday: 'Monday', sunday: 'Sunday', saturday: 'Saturday' } as const;

/**
 * Edit Profile's Preferences (docs/calendar.md, "Preferences"): the first day of the week (the
 * workspace's unless the user picks one), the 12- or 24-hour clock, durations as hours and minutes
 * or decimal hours; the one-key shortcuts (docs/keyboard.md). Saved with the profile; every page follows them.
 */
export function PreferenceFields({ user }: { user: UserDetails }) {
  const workspaceDay = DAY_NAMES[user.workspace_first_day_of_week] ?? 'Monday';
  return (
    <div>
      <Form.Item label="First day of the week" name="first_day_of_week">
        <Select
          aria-label="First day of the week"
          options={[
            { value: '', label: `Workspace default (${workspaceDay})` },
            ...Object.entries(DAY_NAMES).map(([value, label]) => ({ value, label })),
          ]}
        />
      </Form.Item>
      <Form.Item label="Clock" name="clock_format">
        <Radio.Group
          aria-label="Clock"
          optionType="button"
          options={[
            { value: '24h', label: '24-hour (13:30)' },
            { value: '12h', label: '12-hour (1:30 PM)' },
          ]}
        />
      </Form.Item>
      <Form.Item label="Durations" name="duration_format">
        <Radio.Group
          aria-label="Durations"
          optionType="button"
          options={[
            { value: 'hm', label: 'h:mm (1h 30m)' },
            { value: 'decimal', label: 'Decimal (1.50h)' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Keyboard shortcuts"
        name="keyboard_shortcuts_yn"
        valuePropName="checked"
        extra="One-key shortcuts outside text fields (B for a break, G then C for the checkout). Ctrl+K and ? always work."
      >
        <Switch aria-label="Keyboard shortcuts" />
      </Form.Item>
    </div>
  );
}
