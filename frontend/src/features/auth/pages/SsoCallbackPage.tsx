import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSso } from '../selectors';
import { authActions } from '../slice';
import { MESSAGES } from '../validation';

/** The code the callback put in the fragment, read once (the fragment never reaches a server). */
function takeCode(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  return code;
}

/**
 * Back from the workspace's provider (/sso/callback#code=...): the one-time code is exchanged for
 * the session, then the guard takes the member in as after a password sign-in.
 */
export default function SsoCallbackPage() {
  const dispatch = useAppDispatch();
  const { error } = useAppSelector(selectSso);
  useEffect(() => {
    const code = takeCode();
    dispatch(code ? authActions.ssoCodeSubmitted(code) : authActions.ssoFailed(MESSAGES.ssoCodeInvalid));
  }, [dispatch]);

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, boxSizing: 'border-box' }}>
      {error ? (
        <section style={{ maxWidth: 400, textAlign: 'center' }}>
          <p role="alert">{error}</p>
          <Link to={paths.home}>Back to sign-in</Link>
        </section>
      ) : (
        <section style={{ textAlign: 'center' }}>
          <span className="full-page-spinner" role="status" aria-label="Signing you in" />
          <p>Signing you in…</p>
        </section>
      )}
    </main>
  );
}
