import { api } from './client';
import type {
  Detail,
  PasswordResetAccount,
  PasswordResetConfirm,
  PasswordResetLink,
  Session,
  SessionsSignedOut,
} from './types';

// 'Forgot password?' (public calls) and the member's signed-in devices (docs/security.md).

/** Emails a link to set a new password; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/password_reset/', { email })).data;
}

/** Whether the emailed link still works, and the account it is for. */
export async function checkPasswordReset(link: PasswordResetLink): Promise<PasswordResetAccount> {
  return (await api.post<PasswordResetAccount>('/api/accounts/password_reset/check/', link)).data;
}

/** Sets the new password through the link; every device of the account is signed out. */
export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/password_reset/confirm/', body)).data;
}

export async function fetchSessions(): Promise<Session[]> {
  return (await api.get<Session[]>('/api/accounts/me/sessions/')).data;
}

export async function signOutSession(id: string): Promise<void> {
  await api.delete(`/api/accounts/me/sessions/${encodeURIComponent(id)}/`);
}

export async function signOutOtherSessions(): Promise<SessionsSignedOut> {
  return (await api.post<SessionsSignedOut>('/api/accounts/me/sessions/sign_out_others/')).data;
}
