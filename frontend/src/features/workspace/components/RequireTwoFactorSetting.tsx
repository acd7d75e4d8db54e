import { useEffect } from 'react';
import { Form, Switch } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectRequireTwoFactor, selectSettingsSaving } from '../selectors';
import { workspaceActions } from '../slice';

/**
 * 'Require two-factor sign-in' (docs/security.md): members without it are signed out and set it
 * up at their next sign-in, before any token is issued. The admin needs it on first.
 */
export function RequireTwoFactorSetting() {
  const dispatch = useAppDispatch();
  const required = useAppSelector(selectRequireTwoFactor);
  const saving = useAppSelector(selectSettingsSaving);
  useEffect(() => {
    dispatch(workspaceActions.settingsRequested());
  }, [dispatch]);
  return (
    <Form layout="vertical" className="workspace-settings">
      <Form.Item
        label="Require two-factor sign-in"
        htmlFor="workspace-require-two-factor"
        extra="Members without it are signed out and set it up at their next sign-in. Turn it on for yourself first, in your profile."
        style={{ marginBottom: 0 }}
      >
        <Switch
          id="workspace-require-two-factor"
          aria-label="Require two-factor sign-in"
          checked={required ?? false}
          loading={saving || required === null}
          disabled={saving || required === null}
          onChange={(value) => dispatch(workspaceActions.requireTwoFactorSaveRequested(value))}
        />
      </Form.Item>
    </Form>
  );
}
