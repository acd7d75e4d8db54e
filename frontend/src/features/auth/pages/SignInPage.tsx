import { lazy, Suspense, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSignIn, selectTwoFactorSignIn } from '../selectors';
import { authActions } from '../slice';
import { validateSignIn, type SignInErrors } from '../validation';

// Single sign-on (docs/security.md): loaded only for a workspace sign-in link or a provider's refusal.
const SsoSignIn = lazy(() => import('../components/SsoSignIn'));

// The sign-in page is the first load of every visitor, so it is built from antd's Input and Button
// only, with plain markup in the look of antd's Card, Typography and vertical Form: those three
// would bring Tabs, Menu, Tooltip, rc-form and async-validator (about 35 KiB gzip) into the
// entry chunk (bench/bundle/budget.json keeps it under 180 KiB). The validation is our own anyway.
const text = 'rgba(0, 0, 0, 0.88)';
const secondary = 'rgba(0, 0, 0, 0.6)';
const styles = {
  card: {
    // The grid's one column may shrink below 400 px (a phone): the card fits it, never wider.
    width: '100%',
    maxWidth: 400,
    boxSizing: 'border-box',
    padding: 'clamp(20px, 6vw, 32px)',
    background: '#ffffff',
    border: '1px solid #f0f0f0',
    borderRadius: 8,
    color: text,
    fontSize: 14,
    lineHeight: 1.5715,
  },
  title: { margin: '0 0 4px', fontSize: 24, lineHeight: 1.3333, fontWeight: 600, color: text },
  lead: { margin: '0 0 24px', color: secondary },
  item: { marginBottom: 24 },
  label: { display: 'block', paddingBottom: 8, color: text },
  help: { color: '#ff4d4f' },
  extra: { color: secondary },
} satisfies Record<string, CSSProperties>;

function Field({ id, label, error, extra, children }: { id: string; label: string; error?: string; extra?: string; children: ReactNode }) {
  return (
    <div style={styles.item}>
      <label htmlFor={id} style={styles.label}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-help`} role="alert" style={styles.help}>
          {error}
        </div>
      )}
      {extra && <div style={styles.extra}>{extra}</div>}
    </div>
  );
}

// The second step (two-factor sign-in) is its own chunk: most sign-ins never need it.
const TwoFactorStep = lazy(() => import('../components/TwoFactorStep'));

export function SignInPage() {
  const dispatch = useAppDispatch();
  const { submitting, error: serverError } = useAppSelector(selectSignIn);
  const twoFactor = useAppSelector(selectTwoFactorSignIn);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [search] = useSearchParams();
  const ssoWorkspace = search.get('workspace');
  const ssoError = search.get('sso_error');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = { email, password };
    const found = validateSignIn(filled);
    setErrors(found);
    if (found.email || found.password) return;
    dispatch(authActions.signInSubmitted({ email: filled.email.trim(), password: filled.password }));
  };

  const passwordError = errors.password ?? (submitting ? undefined : (serverError ?? undefined));

  return (
    <main style={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', placeItems: 'center', padding: 'clamp(12px, 4vw, 24px)', boxSizing: 'border-box' }}>
      <section style={styles.card}>
        <h1 style={styles.title}>Remote Office</h1>
        <p style={styles.lead}>Sign in to start your workday.</p>
        {!twoFactor && (ssoWorkspace || ssoError) && (
          <Suspense fallback={null}>
            <SsoSignIn slug={ssoWorkspace} error={ssoError} />
          </Suspense>
        )}
        {twoFactor ? (
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <TwoFactorStep />
          </Suspense>
        ) : (
        <form onSubmit={submit} noValidate>
          <Field id="email" label="Email" error={errors.email} extra="Use your email account.">
            <Input
              id="email"
              name="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              status={errors.email ? 'error' : undefined}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'email-help' : undefined}
              prefix={<MailOutlined />}
              type="email"
              autoComplete="username"
              placeholder="name@company.com"
            />
          </Field>
          <Field id="password" label="Password" error={passwordError}>
            <Password
              id="password"
              name="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              status={passwordError ? 'error' : undefined}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'password-help' : undefined}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder="Password 8+ characters"
            />
          </Field>
          <div style={{ margin: '-16px 0 16px', textAlign: 'right' }}>
            <Link to={paths.forgotPassword} style={{ color: '#1668dc' }}>
              Forgot password?
            </Link>
          </div>
          <div style={{ marginTop: 8 }}>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              Log in
            </Button>
          </div>
        </form>
        )}
      </section>
    </main>
  );
}
