import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { AuthenticatorKey } from '../../../shared/twoFactor/AuthenticatorKey';
import { RecoveryCodes } from '../../../shared/twoFactor/RecoveryCodes';
import { selectTwoFactorSignIn } from '../selectors';
import { signInTwoFactorActions as actions } from '../twoFactorSlice';
import { TEXTS } from '../twoFactorTexts';


const label = { display: 'block', paddingBottom: 8 } as const;

/**
 * The sign-in's second step (lazy: the sign-in page's first load does not carry it): a code from
 * the authenticator app or a recovery code; or, when the workspace requires two-factor sign-in and
 * the member has none yet, setting it up right here, then the recovery codes once.
 */
export default function TwoFactorStep() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectTwoFactorSignIn);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  if (!pending) return null;
  const { step, submitting, error, setup, recoveryCodes } = pending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    setMissing(!value);
    if (value) dispatch(actions.codeSubmitted(value));
  };
  const problem = missing ? TEXTS.codeRequired : (submitting ? null : error);
  const back = (
    <Button type="link" onClick={() => dispatch(actions.cancelled())} style={{ padding: 0 }}>
      Back to sign-in
    </Button>
  );

  if (recoveryCodes) {
    return (
      <div>
        <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>Two-factor sign-in is on</h2>
        <RecoveryCodes codes={recoveryCodes} />
        <Button type="primary" block size="large" style={{ marginTop: 24 }} onClick={() => dispatch(actions.continued())}>
          Continue
        </Button>
      </div>
    );
  }

  const inputLabel = step === 'setup' ? TEXTS.setupCode : recovery ? 'Recovery code' : 'Authentication code';
  return (
    <div>
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{step === 'setup' ? 'Set up two-factor sign-in' : TEXTS.title}</h2>
      {step === 'setup' ? (
        <>
          <p style={{ margin: '0 0 16px', color: 'rgba(0, 0, 0, 0.6)' }}>{TEXTS.setupLead}</p>
          {setup ? (
            <AuthenticatorKey setup={setup} />
          ) : error ? (
            <div role="alert" style={{ color: '#ff4d4f' }}>
              {error}
            </div>
          ) : (
            <p aria-busy="true">Loading…</p>
          )}
        </>
      ) : (
        <p style={{ margin: '0 0 16px', color: 'rgba(0, 0, 0, 0.6)' }}>{recovery ? TEXTS.recoveryLead : TEXTS.appLead}</p>
      )}
      {(step === 'code' || setup) && (
        <form onSubmit={submit} noValidate style={{ marginTop: 16 }}>
          <label htmlFor="two-factor-code" style={label}>
            {inputLabel}
          </label>
          <input
            key={recovery ? 'recovery' : 'app'}
            id="two-factor-code"
            name="code"
            className={`ant-input ant-input-lg ant-input-outlined${problem ? ' ant-input-status-error' : ''}`}
            style={{ width: '100%', boxSizing: 'border-box', padding: '7px 11px', fontSize: 16, borderRadius: 8, border: `1px solid ${problem ? '#ff4d4f' : '#d9d9d9'}` }}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'two-factor-code-help' : undefined}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 32 : 6}
            placeholder={recovery ? 'abcd1234' : '123456'}
          />
          {problem && (
            <div id="two-factor-code-help" role="alert" style={{ color: '#ff4d4f' }}>
              {problem}
            </div>
          )}
          {step === 'code' && (
            <Button
              type="link"
              style={{ padding: 0, marginTop: 8 }}
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setMissing(false);
              }}
            >
              {recovery ? TEXTS.useApp : TEXTS.useRecovery}
            </Button>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={submitting} style={{ marginTop: 16 }}>
            {step === 'setup' ? 'Turn on and sign in' : 'Verify'}
          </Button>
        </form>
      )}
      <div style={{ marginTop: 12, textAlign: 'center' }}>{back}</div>
    </div>
  );
}
