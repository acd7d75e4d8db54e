export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  wrongCredentials: 'Username and password does not match!',
  throttled: 'Too many sign-in attempts. Try again in a minute.',
  unavailable: 'Sign-in is not available right now. Please try again.',
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

/** What the password field says for a failed token call. */
export function signInFailureMessage(status: number | null): string {
  if (status === 400) return MESSAGES.wrongCredentials;
  if (status === 429) return MESSAGES.throttled;
  return MESSAGES.unavailable;
}
