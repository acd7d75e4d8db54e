import { useEffect, useState } from 'react';
import { Button, Form, InputNumber, Space } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectIdleMinutes, selectSettingsSaving } from '../selectors';
import { workspaceActions } from '../slice';

const MIN = 2;
const MAX = 240;

/**
 * Real presence's idle time (docs/presence.md): after this many minutes without activity on any
 * tab or device, teammates see a working member as 'Working · idle 12m'.
 */
export function IdleTimeSetting() {
  const dispatch = useAppDispatch();
  const saved = useAppSelector(selectIdleMinutes);
  const saving = useAppSelector(selectSettingsSaving);
  // What the admin typed; undefined: the saved value.
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const value = draft === undefined ? saved : draft;

  useEffect(() => {
    dispatch(workspaceActions.idleMinutesRequested());
  }, [dispatch]);

  const valid = value !== null && Number.isInteger(value) && value >= MIN && value <= MAX;
  return (
    <Form layout="vertical" className="workspace-settings" onFinish={() => {
        if (!valid) return;
        dispatch(workspaceActions.idleMinutesSaveRequested(value));
        setDraft(undefined);
      }}>
      <Form.Item
        label="Idle after"
        htmlFor="workspace-idle-minutes"
        extra={`Teammates see a working member as idle after this many minutes without activity on any of their tabs or devices (${MIN}–${MAX}).`}
        style={{ marginBottom: 0, marginTop: 16 }}
      >
        <Space.Compact>
          <InputNumber<number>
            id="workspace-idle-minutes"
            aria-label="Idle after (minutes)"
            min={MIN}
            max={MAX}
            precision={0}
            value={value}
            disabled={saved === null || saving}
            onChange={(next) => setDraft(next)}
            addonAfter="minutes"
            style={{ width: 180 }}
          />
          <Button htmlType="submit" loading={saving} disabled={!valid || value === saved}>
            Save
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
