import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, Typography, type InputRef } from 'antd';
import { useAppDispatch } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { profileActions } from '../slice';

interface Values {
  current_password: string;
  new_password: string;
  repeat: string;
}

/** Change password (current one required): the server signs out every other device and emails the owner. */
export function PasswordSection() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const first = useFocusOnOpen<InputRef>(open);
  // The saga tells how it went (sagas.ts changePasswordWorker): closed on success, the server's
  // words next to a refused field.
  const { request, next } = useRequest(() => {
    form.resetFields();
    setOpen(false);
  });
  const saving = request?.status === 'pending';
  const refused = request?.status === 'failed' ? request.fieldErrors : null;
  useEffect(() => {
    if (!refused) return;
    const fields = (['current_password', 'new_password'] as const).filter((name) => refused[name]).map((name) => ({ name, errors: refused[name] }));
    if (fields.length) form.setFields(fields);
  }, [refused, form]);

  const submit = (values: Values) => {
    dispatch(profileActions.passwordChangeRequested({ requestId: next(), body: { current_password: values.current_password, new_password: values.new_password } }));
  };

  if (!open) {
    return (
      <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'center' }}>
        <Input value="••••••••" readOnly aria-label="Password" />
        <Button onClick={() => setOpen(true)}>Change password</Button>
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} aria-label="Change password" data-testid="password-form">
      <Form.Item name="current_password" label="Current password" rules={[{ required: true, message: 'Enter your current password' }]}>
        <Input.Password autoComplete="current-password" ref={first} />
      </Form.Item>
      <Form.Item name="new_password" label="New password" rules={[{ required: true, min: 8, message: 'Use 8 or more characters' }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label="Repeat the new password"
        dependencies={['new_password']}
        rules={[
          { required: true, message: 'Repeat the new password' },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('new_password') ? Promise.resolve() : Promise.reject(new Error('The passwords do not match')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        Your other devices will be signed out, and we will email you about the change.
      </Typography.Paragraph>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={() => { form.resetFields(); setOpen(false); }}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Change password
        </Button>
      </Space>
    </Form>
  );
}
