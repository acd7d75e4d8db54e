import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { paths } from '../../../shared/routes';
import { useInvitation } from '../hooks';
import { workspaceActions } from '../slice';

const MIN_LENGTH = 8;
export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters.';

/**
 * The invitation link's page (public): the new member sets their password, once. The link's check
 * and the password go through the workspace sagas (workers.ts openInvitation, acceptInvitationWorker).
 */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { info, linkProblem, problem: fieldError, saving, done } = useInvitation(token);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (password.length < MIN_LENGTH) return void dispatch(workspaceActions.invitationProblemShown(PASSWORD_TOO_SHORT));
    if (password !== again) return void dispatch(workspaceActions.invitationProblemShown(PASSWORDS_DIFFER));
    dispatch(workspaceActions.invitationAcceptRequested({ token, password }));
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, boxSizing: 'border-box' }}>
      <section style={{ width: 420, maxWidth: '100%', background: '#ffffff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 32 }}>
        {done && (
          <Result
            status="success"
            title={<h1 className="status-page__title">Your password is set</h1>}
            subTitle={`Sign in with ${info?.email ?? 'your email'} and your new password.`}
            extra={
              <Button type="primary" onClick={() => navigate(paths.home)}>
                Sign in
              </Button>
            }
          />
        )}
        {!done && linkProblem && (
          <Result
            status="warning"
            title={<h1 className="status-page__title">This link does not work</h1>}
            subTitle={linkProblem}
            extra={<Button onClick={() => navigate(paths.home)}>Go to sign in</Button>}
          />
        )}
        {!done && !linkProblem && !info && <Skeleton active paragraph={{ rows: 4 }} />}
        {!done && !linkProblem && info && (
          <>
            <h1 style={{ fontSize: 24, margin: '0 0 4px' }}>Welcome to {info.workspace_name}</h1>
            <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.65)' }}>
              Set a password for <strong>{info.email}</strong>. You sign in with it from now on.
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
                <Form.Item label="Repeat the password" htmlFor="repeat-password" required>
                  <Input.Password id="repeat-password" autoComplete="new-password" value={again} onChange={(event) => setAgain(event.target.value)} />
                </Form.Item>
                {fieldError && <Alert type="error" showIcon message={fieldError} style={{ marginBottom: 16 }} role="alert" />}
                <Button type="primary" htmlType="submit" block loading={saving}>
                  Set password
                </Button>
              </form>
            </Form>
          </>
        )}
      </section>
    </main>
  );
}
