export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  wrongCredentials: 'Username and password does not match!',
  throttled: 'Too many sign-in attempts. Try again in a minute.',
  unavailable: 'Sign-in is not available right now. Please try again.',
  ssoCodeInvalid: 'This sign-in has expired or was already used. Sign in again.',
} as const;

export interface SignInErrors {
  email?: string;
  password?: string;
}

/** Field checks of the sign-in form (spec 01 §5). */
export function validateSignIn(values: { email: string; password: string }): SignInErrors {
  const errors: SignInErrors = {};
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

/** The server's refusal of a right password when the workspace signs its members in with its
 *  provider (docs/security.md "Single sign-on"): said as the server words it. */
const PASSWORD_SIGN_IN_OFF = /^Your workspace signs in with /;

/** What the password field says for a failed token call. */
export function signInFailureMessage(status: number | null, serverMessage?: string): string {
  if (status === 400 && serverMessage && PASSWORD_SIGN_IN_OFF.test(serverMessage)) return serverMessage;
  if (status === 400) return MESSAGES.wrongCredentials;
  if (status === 429) return MESSAGES.throttled;
  return MESSAGES.unavailable;
}
