import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Popconfirm, Skeleton, Switch, Typography } from 'antd';
import type { SsoSettings as Settings, SsoSettingsRequest } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSso } from '../selectors';
import { workspaceActions } from '../slice';

function formOf(settings: Settings): SsoSettingsRequest {
  const { provider_name, issuer, client_id, client_secret, enabled_yn, password_sign_in_yn } = settings;
  return { provider_name, issuer, client_id, client_secret, enabled_yn, password_sign_in_yn };
}

/**
 * Single sign-on with OpenID Connect for the workspace (docs/security.md "Single sign-on"): the
 * provider's issuer, client id and secret (write-only: read back masked, and the masked value sent
 * back keeps it), whether members may still use passwords (admins always may), the redirect URI to
 * register at the provider and the sign-in link to give the members.
 */
export default function SsoSettings() {
  const dispatch = useAppDispatch();
  const { settings, failed } = useAppSelector(selectSso);
  useEffect(() => {
    dispatch(workspaceActions.ssoRequested());
  }, [dispatch]);
  if (!settings) return failed ? <Alert type="error" message="Single sign-on could not be loaded." /> : <Skeleton active paragraph={{ rows: 3 }} />;
  // Each saved answer starts the form afresh from what the server holds.
  return <SsoForm key={JSON.stringify(settings)} settings={settings} />;
}

function SsoForm({ settings }: { settings: Settings }) {
  const dispatch = useAppDispatch();
  const { saving, errors, test } = useAppSelector(selectSso);
  const [form, setForm] = useState<SsoSettingsRequest>(() => formOf(settings));

  const set = (changes: Partial<SsoSettingsRequest>) => setForm((current) => ({ ...current, ...changes }));
  const fieldError = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: errors[name].join(' ') } : {});
  const providerLabel = form.provider_name.trim() || 'your provider';

  return (
    <Form layout="vertical" className="workspace-settings">
      <Typography.Paragraph type="secondary">
        Members sign in with &lsquo;Continue with {providerLabel}&rsquo; (Google Workspace, Microsoft Entra ID, Keycloak or any OpenID Connect provider). An account is found by the email address the provider has verified, in this workspace only; nobody new is added.
      </Typography.Paragraph>
      <Form.Item label="Redirect URI (register it at the provider)">
        <Typography.Text code copyable>
          {settings.redirect_uri}
        </Typography.Text>
      </Form.Item>
      <Form.Item label="Provider name" htmlFor="sso-provider-name" extra="Shown on the button: Continue with …" {...fieldError('provider_name')}>
        <Input id="sso-provider-name" value={form.provider_name} maxLength={60} placeholder="Google" onChange={(e) => set({ provider_name: e.target.value })} />
      </Form.Item>
      <Form.Item label="Issuer" htmlFor="sso-issuer" {...fieldError('issuer')}>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Input id="sso-issuer" style={{ flex: '1 1 240px' }} value={form.issuer} placeholder="https://accounts.google.com" onChange={(e) => set({ issuer: e.target.value })} />
          <Button loading={test.running} disabled={!form.issuer.trim()} onClick={() => dispatch(workspaceActions.ssoTestRequested(form.issuer.trim()))}>
            Test connection
          </Button>
        </div>
      </Form.Item>
      {test.message && <Alert style={{ marginBottom: 16 }} type={test.ok ? 'success' : 'error'} message={test.message} showIcon />}
      <Form.Item label="Client ID" htmlFor="sso-client-id" {...fieldError('client_id')}>
        <Input id="sso-client-id" value={form.client_id} autoComplete="off" onChange={(e) => set({ client_id: e.target.value })} />
      </Form.Item>
      <Form.Item
        label="Client secret"
        htmlFor="sso-client-secret"
        extra={settings.configured ? 'Saved secrets show their last 4 characters. Type a new one to replace it.' : undefined}
        {...fieldError('client_secret')}
      >
        <Input id="sso-client-secret" value={form.client_secret} autoComplete="off" onChange={(e) => set({ client_secret: e.target.value })} />
      </Form.Item>
      <Form.Item label="Single sign-on on" htmlFor="sso-enabled" extra="Off: the sign-in link shows no button and everyone uses their password.">
        <Switch id="sso-enabled" checked={form.enabled_yn} onChange={(checked) => set({ enabled_yn: checked })} />
      </Form.Item>
      <Form.Item
        label="Members may also sign in with a password"
        htmlFor="sso-password"
        extra="Off: members sign in with the provider only. Admins always keep their password, so a broken provider never locks the workspace out."
      >
        <Switch id="sso-password" checked={form.password_sign_in_yn} onChange={(checked) => set({ password_sign_in_yn: checked })} />
      </Form.Item>
      {settings.configured && settings.sign_in_url && (
        <Form.Item label="Sign-in link for members">
          <Typography.Text code copyable>
            {settings.sign_in_url}
          </Typography.Text>
        </Form.Item>
      )}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          type="primary"
          loading={saving}
          onClick={() => dispatch(workspaceActions.ssoSaveRequested({ ...form, provider_name: form.provider_name.trim(), issuer: form.issuer.trim(), client_id: form.client_id.trim() }))}
        >
          Save single sign-on
        </Button>
        {settings.configured && (
          <Popconfirm
            title="Remove single sign-on?"
            description="Everyone signs in with their password again."
            okText="Remove"
            onConfirm={() => dispatch(workspaceActions.ssoRemoveRequested())}
          >
            <Button danger disabled={saving}>
              Remove
            </Button>
          </Popconfirm>
        )}
      </div>
    </Form>
  );
}
