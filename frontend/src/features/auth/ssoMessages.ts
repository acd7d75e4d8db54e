/** Why a sign-in through the workspace's provider failed, in words (the callback's `sso_error`,
 *  apps/workspace/sso.py; docs/security.md "Single sign-on"). */
export const SSO_ERRORS: Record<string, string> = {
  unknown_account:
    'No account of this workspace uses the email address your provider gave. Ask your workspace admin to add you.',
  email_not_verified: 'Your provider has not verified your email address, so it cannot sign you in here.',
  account_inactive: 'Your account in this workspace is deactivated. Ask your workspace admin.',
  provider_refused: 'Sign-in with your provider was cancelled or refused. Try again.',
  disabled: 'Single sign-on is turned off for this workspace. Sign in with your password.',
  failed: 'Sign-in with your provider did not complete. Try again, or ask your workspace admin.',
};

export const SSO_LINK_MISSING = 'This workspace sign-in link does not work. Ask your workspace admin for the current one.';

export function ssoErrorMessage(code: string): string {
  return SSO_ERRORS[code] ?? SSO_ERRORS.failed;
}

/** Where the browser goes to sign in with the workspace's provider (a full-page navigation through
 *  the API, which redirects to the provider). */
export const ssoStartUrl = (slug: string) => `/api/accounts/sso/${encodeURIComponent(slug)}/start/`;
