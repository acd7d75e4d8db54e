import { useEffect } from 'react';
import { Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { selectSso } from '../selectors';
import { authActions } from '../slice';
import { SSO_LINK_MISSING, ssoErrorMessage, ssoStartUrl } from '../ssoMessages';

const alert = { margin: '0 0 16px', padding: '8px 12px', borderRadius: 6, background: '#fff2f0', border: '1px solid #ffccc7' };

/**
 * The sign-in page's single sign-on part (lazy: only a workspace sign-in link, /?workspace=<slug>,
 * or a failed sign-in through the provider loads it): why the last try failed, and 'Continue with
 * <provider>', a full-page navigation to the provider through the API.
 */
export default function SsoSignIn({ slug, error }: { slug: string | null; error: string | null }) {
  const dispatch = useAppDispatch();
  const { provider } = useAppSelector(selectSso);
  useEffect(() => {
    if (slug) dispatch(authActions.ssoProviderRequested(slug));
  }, [dispatch, slug]);

  return (
    <div style={{ marginBottom: 24 }}>
      {error && (
        <p role="alert" style={alert}>
          {ssoErrorMessage(error)}
        </p>
      )}
      {slug && provider === 'missing' && (
        <p role="alert" style={alert}>
          {SSO_LINK_MISSING}
        </p>
      )}
      {provider && provider !== 'missing' && (
        <>
          <Button type="primary" size="large" block href={ssoStartUrl(provider.slug)}>
            Continue with {provider.provider_name}
          </Button>
          <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.6)' }}>
            {provider.password_sign_in_yn
              ? `Signing in to ${provider.workspace_name}. Or use your email and password:`
              : `${provider.workspace_name} signs in with ${provider.provider_name}. Admins may still use their password:`}
          </p>
        </>
      )}
    </div>
  );
}
