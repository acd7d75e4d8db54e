import { api } from './client';
import type {
  AuthToken,
  Detail,
  TwoFactorDisableRequest,
  TwoFactorEnrolledToken,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorState,
} from './types';

// Two-factor sign-in (docs/security.md): the sign-in's second step takes the password step's
// ticket (no token yet); the profile's calls are the signed-in owner's own.

/** The second step: a code from the authenticator app or a recovery code; the normal token answer. */
export async function signInWithCode(ticket: string, code: string): Promise<AuthToken> {
  return (await api.post<AuthToken>('/api/accounts/token/two_factor/', { ticket, code })).data;
}

/** The workspace requires two-factor and the member has none: start setting it up at sign-in. */
export async function startSetupWithTicket(ticket: string): Promise<TwoFactorSetup> {
  return (await api.post<TwoFactorSetup>('/api/accounts/token/two_factor/setup/', { ticket })).data;
}

export async function confirmSetupWithTicket(ticket: string, code: string): Promise<TwoFactorEnrolledToken> {
  return (await api.post<TwoFactorEnrolledToken>('/api/accounts/token/two_factor/setup/confirm/', { ticket, code })).data;
}

export async function fetchTwoFactor(): Promise<TwoFactorState> {
  return (await api.get<TwoFactorState>('/api/accounts/me/two_factor/')).data;
}

export async function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  return (await api.post<TwoFactorSetup>('/api/accounts/me/two_factor/setup/', { password })).data;
}

export async function confirmTwoFactor(code: string): Promise<TwoFactorRecoveryCodes> {
  return (await api.post<TwoFactorRecoveryCodes>('/api/accounts/me/two_factor/confirm/', { code })).data;
}

export async function disableTwoFactor(body: TwoFactorDisableRequest): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/me/two_factor/disable/', body)).data;
}

/** Ten new recovery codes for a current code of the authenticator app (not a recovery code); the old ones stop working. */
export async function replaceRecoveryCodes(code: string): Promise<TwoFactorRecoveryCodes> {
  return (await api.post<TwoFactorRecoveryCodes>('/api/accounts/me/two_factor/recovery_codes/', { code })).data;
}
