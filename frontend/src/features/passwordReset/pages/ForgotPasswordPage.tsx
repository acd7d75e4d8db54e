import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { paths } from '../../../shared/routes';
import { selectPasswordReset } from '../selectors';
import { passwordResetActions } from '../slice';
import { linkStyle } from './linkStyle';
import { ResetCard } from './ResetCard';

export const EMAIL_REQUIRED = 'Enter the email address you sign in with.';
export const EMAIL_INVALID = 'Enter a valid email address.';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Forgot password?' from the sign-in page: the email address, then the same answer for any address. */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { request } = useAppSelector(selectPasswordReset);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    dispatch(passwordResetActions.requestCleared());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? EMAIL_REQUIRED : EMAIL_SHAPE.test(value) ? null : EMAIL_INVALID;
    setFieldError(problem);
    if (!problem) dispatch(passwordResetActions.requestSubmitted({ email: value }));
  };

  const error = fieldError ?? request.error;
  return (
    <ResetCard title="Forgot password?">
      {request.sent ? (
        <>
          <Alert type="success" showIcon message="Check your inbox" description={request.sent} role="status" style={{ marginBottom: 24 }} />
          <Link to={paths.home} style={linkStyle}>
            Back to sign in
          </Link>
        </>
      ) : (
        <>
          <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.6)' }}>
            Enter the email address you sign in with. We will email you a link to set a new password.
          </p>
          <Form layout="vertical" component={false}>
            <form onSubmit={submit} noValidate>
              <Form.Item
                label="Email"
                htmlFor="reset-email"
                validateStatus={error ? 'error' : undefined}
                help={error ? <span role="alert">{error}</span> : undefined}
              >
                <Input
                  id="reset-email"
                  type="email"
                  autoComplete="username"
                  placeholder="name@company.com"
                  prefix={<MailOutlined />}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={error ? true : undefined}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={request.submitting}>
                Send link
              </Button>
            </form>
          </Form>
          <div style={{ marginTop: 16 }}>
            <Link to={paths.home} style={linkStyle}>
            Back to sign in
          </Link>
          </div>
        </>
      )}
    </ResetCard>
  );
}
