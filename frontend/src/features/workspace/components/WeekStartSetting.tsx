import { Form, Select } from 'antd';
import type { WeekStart } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectCurrentUser } from '../../../shared/session';
import { selectSettingsSaving } from '../selectors';
import { workspaceActions } from '../slice';

const OPTIONS: { value: WeekStart; label: string }[] = [
  { value: 'monday', label: 'Monday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'saturday', label: 'Saturday' },
];

/**
 * The workspace's default first day of the week (docs/calendar.md, "Preferences"): members who
 * have not chosen their own in their profile follow it. Saved when chosen, with a toast.
 */
export function WeekStartSetting() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const saving = useAppSelector(selectSettingsSaving);
  return (
    <Form layout="vertical" className="workspace-settings">
      <Form.Item
        label="First day of the week"
        htmlFor="workspace-first-day"
        extra="The default for every member; each member may choose their own in their profile."
        style={{ marginBottom: 0 }}
      >
        <Select<WeekStart>
          id="workspace-first-day"
          aria-label="First day of the week"
          value={user?.workspace_first_day_of_week ?? 'monday'}
          options={OPTIONS}
          loading={saving}
          disabled={saving}
          style={{ maxWidth: 240 }}
          onChange={(value) => dispatch(workspaceActions.weekStartSaveRequested(value))}
        />
      </Form.Item>
    </Form>
  );
}
