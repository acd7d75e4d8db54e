import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { paths } from '../../../shared/routes';
import { selectPasswordReset } from '../selectors';
import { passwordResetActions } from '../slice';
import { ResetCard } from './ResetCard';

export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters.';
const MIN_LENGTH = 8;

/** The emailed link's page (public): the owner sets a new password, once; every device is signed out. */
export default function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { link, confirm } = useAppSelector(selectPasswordReset);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  useEffect(() => {
    dispatch(passwordResetActions.linkOpened({ uid, token }));
  }, [dispatch, uid, token]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = password.length < MIN_LENGTH ? PASSWORD_TOO_SHORT : password !== again ? PASSWORDS_DIFFER : null;
    setFieldError(problem);
    if (!problem) dispatch(passwordResetActions.confirmSubmitted({ uid, token, newPassword: password }));
  };

  if (confirm.done) {
    return (
      <ResetCard>
        <Result
          status="success"
          title="Your password is set"
          subTitle={confirm.done}
          extra={
            <Button type="primary" onClick={() => navigate(paths.home)}>
              Sign in
            </Button>
          }
        />
      </ResetCard>
    );
  }
  if (link.status === 'invalid') {
    return (
      <ResetCard>
        <Result
          status="warning"
          title="This link does not work"
          subTitle={link.problem}
          extra={<Button onClick={() => navigate(paths.forgotPassword)}>Ask for a new link</Button>}
        />
      </ResetCard>
    );
  }
  if (link.status !== 'valid') {
    return (
      <ResetCard title="Set a new password">
        <Skeleton active paragraph={{ rows: 4 }} />
      </ResetCard>
    );
  }
  const error = fieldError ?? confirm.error;
  return (
    <ResetCard title="Set a new password">
      <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.6)' }}>
        For <strong>{link.email}</strong>. Every device signed in to your account will be signed out.
      </p>
      <Form layout="vertical" component={false}>
        <form onSubmit={submit} noValidate>
          <Form.Item label="New password" htmlFor="new-password" required>
            <Input.Password
              id="new-password"
              autoComplete="new-password"
              placeholder="Password 8+ characters"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Form.Item>
          <Form.Item label="Repeat the new password" htmlFor="repeat-password" required>
            <Input.Password id="repeat-password" autoComplete="new-password" value={again} onChange={(event) => setAgain(event.target.value)} />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Button type="primary" htmlType="submit" block size="large" loading={confirm.submitting}>
            Set password
          </Button>
        </form>
      </Form>
    </ResetCard>
  );
}
