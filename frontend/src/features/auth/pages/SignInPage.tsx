import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSignIn } from '../selectors';
import { authActions } from '../slice';
import { validateSignIn, type SignInErrors } from '../validation';

interface Values {
  email: string;
  password: string;
}

export function SignInPage() {
  const dispatch = useAppDispatch();
  const { submitting, error: serverError } = useAppSelector(selectSignIn);
  const [errors, setErrors] = useState<SignInErrors>({});

  const submit = (values: Partial<Values>) => {
    const filled = { email: values.email ?? '', password: values.password ?? '' };
    const found = validateSignIn(filled);
    setErrors(found);
    if (found.email || found.password) return;
    dispatch(authActions.signInSubmitted({ email: filled.email.trim(), password: filled.password }));
  };

  const passwordError = errors.password ?? (submitting ? undefined : (serverError ?? undefined));

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Card style={{ width: 400, maxWidth: '100%' }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          Remote Office
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          Sign in to start your workday.
        </Typography.Paragraph>
        <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} noValidate>
          <Form.Item
            label="Email"
            name="email"
            extra="Use your email account."
            validateStatus={errors.email ? 'error' : undefined}
            help={errors.email}
          >
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" placeholder="name@company.com" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            validateStatus={passwordError ? 'error' : undefined}
            help={passwordError}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Password 8+ characters" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0, marginTop: 8 }}>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              Log in
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </main>
  );
}
