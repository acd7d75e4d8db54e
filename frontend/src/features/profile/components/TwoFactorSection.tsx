import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Modal, Skeleton, Tag } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { AuthenticatorKey } from '../../../shared/twoFactor/AuthenticatorKey';
import { RecoveryCodes } from '../../../shared/twoFactor/RecoveryCodes';
import { selectTwoFactor } from '../twoFactorSelectors';
import { twoFactorActions } from '../twoFactorSlice';

const muted = { color: 'rgba(0, 0, 0, 0.6)' } as const;
const row = { display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-start', marginTop: 8 } as const;


/** The 6-digit code an authenticator app shows; `helpId` names the error under it. */
function AppCodeInput({ id, helpId, code, onChange, error }: { id: string; helpId: string; code: string; onChange: (code: string) => void; error: string | null }) {
  return (
    <Input
      id={id}
      value={code}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      onChange={(event) => onChange(event.target.value)}
      status={error ? 'error' : undefined}
      aria-describedby={error ? helpId : undefined}
      style={{ width: 140 }}
    />
  );
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <div id={id} role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>
      {text}
    </div>
  );
}

/** A password (or code) asked before a change: set-up start, turning off. */
function ProveItIsYou({ label, action, busy, error, onSubmit, onCancel }: { label: string; action: string; busy: boolean; error: string | null; onSubmit: (value: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) onSubmit(value);
  };
  return (
    <form onSubmit={submit} style={{ marginTop: 8 }} aria-label={action}>
      <label htmlFor="two-factor-password" style={{ display: 'block', paddingBottom: 4 }}>
        {label}
      </label>
      <div style={row}>
        <Input.Password
          id="two-factor-password"
          value={value}
          autoComplete="current-password"
          onChange={(event) => setValue(event.target.value)}
          status={error ? 'error' : undefined}
          aria-describedby={error ? 'two-factor-password-help' : undefined}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Button type="primary" htmlType="submit" loading={busy} disabled={!value}>
          {action}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
      <FieldError id="two-factor-password-help" text={error} />
    </form>
  );
}

/**
 * 'New recovery codes': a current code of the authenticator app (not a recovery code), then the ten
 * new codes shown once with Copy and Download (the enrolment's RecoveryCodes). A refusal stays at
 * the field.
 */
function NewRecoveryCodesDialog({ open, busy, error, codes, onSubmit, onClose }: { open: boolean; busy: boolean; error: string | null; codes: string[] | null; onSubmit: (code: string) => void; onClose: () => void }) {
  const [code, setCode] = useState('');
  // The codes stay on the closing dialog (they leave the store as it closes), not the form again.
  const [lastCodes, setLastCodes] = useState<string[] | null>(null);
  if (codes && codes !== lastCodes) setLastCodes(codes);
  const shown = codes ?? (open ? null : lastCodes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <Modal
      open={open}
      width={480}
      title="New recovery codes"
      onCancel={onClose}
      afterClose={() => {
        setCode('');
        setLastCodes(null);
      }}
      // Not closed while the call is out: its answer is the only sight of the new codes.
      closable={!busy}
      keyboard={!busy}
      maskClosable={!busy}
      footer={
        shown ? (
          <Button type="primary" onClick={onClose}>
            I saved my recovery codes
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" form="two-factor-new-codes" loading={busy} disabled={!code.trim()}>
              Make new codes
            </Button>
          </>
        )
      }
    >
      {shown ? (
        <RecoveryCodes codes={shown} />
      ) : (
        <form id="two-factor-new-codes" onSubmit={submit} aria-label="Make new recovery codes">
          <p style={{ margin: '0 0 12px', ...muted }}>Your current recovery codes stop working and ten new ones are made. Enter the code your authenticator app shows now.</p>
          <label htmlFor="two-factor-new-codes-code" style={{ display: 'block', paddingBottom: 4 }}>
            Code from the app
          </label>
          <AppCodeInput id="two-factor-new-codes-code" helpId="two-factor-new-codes-help" code={code} onChange={setCode} error={error} />
          <FieldError id="two-factor-new-codes-help" text={error} />
        </form>
      )}
    </Modal>
  );
}

/**
 * Two-factor sign-in in Edit Profile: set up an authenticator app (current password, then the QR
 * code or key, then a code from the app), the recovery codes shown once, and turning it off
 * (current password or a code) unless the workspace requires it; while on, how many recovery codes
 * are left and 'New recovery codes'.
 */
export function TwoFactorSection() {
  const dispatch = useAppDispatch();
  const { state, loadError, busy, error, setup, recoveryCodes, newRecoveryCodes } = useAppSelector(selectTwoFactor);
  const [asking, setAsking] = useState<'setup' | 'off' | 'codes' | null>(null);
  const [code, setCode] = useState('');

  useEffect(() => {
    dispatch(twoFactorActions.loadRequested());
    return () => {
      dispatch(twoFactorActions.dismissed());
    };
  }, [dispatch]);

  if (!state) {
    if (loadError) {
      return (
        <Alert type="error" showIcon message={loadError} action={<Button size="small" onClick={() => dispatch(twoFactorActions.loadRequested())}>Try again</Button>} />
      );
    }
    return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  }

  if (recoveryCodes) {
    return (
      <section aria-label="Two-factor sign-in">
        <p style={{ margin: '0 0 8px' }}>
          <Tag color="green">On</Tag> Your sign-in now asks for a code from your authenticator app.
        </p>
        <RecoveryCodes codes={recoveryCodes} />
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          onClick={() => {
            setAsking(null);
            dispatch(twoFactorActions.dismissed());
          }}
        >
          I saved my recovery codes
        </Button>
      </section>
    );
  }

  if (setup) {
    const confirm = (event: FormEvent) => {
      event.preventDefault();
      if (code.trim()) dispatch(twoFactorActions.confirmRequested(code.trim()));
    };
    return (
      <section aria-label="Two-factor sign-in">
        <p style={{ margin: '0 0 12px', ...muted }}>Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like), then enter the 6-digit code it shows.</p>
        <AuthenticatorKey setup={setup} />
        <form onSubmit={confirm} style={{ marginTop: 12 }} aria-label="Confirm two-factor sign-in">
          <label htmlFor="two-factor-confirm-code" style={{ display: 'block', paddingBottom: 4 }}>
            Code from the app
          </label>
          <div style={row}>
            <AppCodeInput id="two-factor-confirm-code" helpId="two-factor-confirm-help" code={code} onChange={setCode} error={error} />
            <Button type="primary" htmlType="submit" loading={busy} disabled={!code.trim()}>
              Turn on
            </Button>
            <Button
              onClick={() => {
                setAsking(null);
                dispatch(twoFactorActions.dismissed());
              }}
            >
              Cancel
            </Button>
          </div>
          <FieldError id="two-factor-confirm-help" text={error} />
        </form>
      </section>
    );
  }

  if (!state.enabled) {
    return (
      <section aria-label="Two-factor sign-in">
        <p style={{ margin: 0 }}>
          <Tag>Off</Tag>
          <span style={muted}>Ask for a code from an authenticator app on your phone at every sign-in, after your password.</span>
        </p>
        {state.required_by_workspace && <Alert style={{ marginTop: 8 }} type="warning" showIcon message="Your workspace requires two-factor sign-in." />}
        {asking === 'setup' ? (
          <ProveItIsYou label="Current password" action="Continue" busy={busy} error={error} onSubmit={(password) => dispatch(twoFactorActions.setupRequested(password))} onCancel={() => { setAsking(null); dispatch(twoFactorActions.dismissed()); }} />
        ) : (
          <div style={row}>
            <Button onClick={() => setAsking('setup')}>Set up two-factor sign-in</Button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section aria-label="Two-factor sign-in">
      <p style={{ margin: 0 }}>
        <Tag color="green">On</Tag>
        <span style={muted}>
          Authenticator app · {state.recovery_codes_left} recovery {state.recovery_codes_left === 1 ? 'code' : 'codes'} left
        </span>
      </p>
      {state.required_by_workspace && (
        <p style={{ margin: '8px 0 0', ...muted }}>Your workspace requires two-factor sign-in, so it stays on. Lost your phone? Ask a workspace admin to reset it.</p>
      )}
      {asking === 'off' ? (
        <ProveItIsYou
          label="Current password or a code from the app"
          action="Turn off"
          busy={busy}
          error={error}
          onSubmit={(value) => dispatch(twoFactorActions.disableRequested({ password: value, code: value }))}
          onCancel={() => { setAsking(null); dispatch(twoFactorActions.dismissed()); }}
        />
      ) : (
        <div style={row}>
          <Button onClick={() => { dispatch(twoFactorActions.dismissed()); setAsking('codes'); }}>New recovery codes</Button>
          {!state.required_by_workspace && <Button danger onClick={() => { dispatch(twoFactorActions.dismissed()); setAsking('off'); }}>Turn off</Button>}
        </div>
      )}
      <NewRecoveryCodesDialog
        open={asking === 'codes'}
        busy={busy}
        error={asking === 'codes' ? error : null}
        codes={newRecoveryCodes}
        onSubmit={(code) => dispatch(twoFactorActions.recoveryCodesRequested(code))}
        onClose={() => {
          setAsking(null);
          dispatch(twoFactorActions.dismissed());
        }}
      />
    </section>
  );
}
