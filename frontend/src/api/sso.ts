// Single sign-on with OpenID Connect (docs/security.md "Single sign-on"): the sign-in link's
// provider, the one-time code's exchange, and the workspace admins' settings.
import { api } from './client';
import type { SignInResponse, SsoProvider, SsoSettings, SsoSettingsRequest, SsoTestResult } from './types';

export async function fetchSsoProvider(slug: string): Promise<SsoProvider> {
  return (await api.get<SsoProvider>(`/api/accounts/sso/${encodeURIComponent(slug)}/`)).data;
}

/** The callback's one-time code for the sign-in's answer (the token and the user). */
export async function exchangeSsoCode(code: string): Promise<SignInResponse> {
  return (await api.post<SignInResponse>('/api/accounts/sso/exchange/', { code })).data;
}

export async function fetchSsoSettings(): Promise<SsoSettings> {
  return (await api.get<SsoSettings>('/api/workspace/sso/')).data;
}

export async function saveSsoSettings(body: SsoSettingsRequest): Promise<SsoSettings> {
  return (await api.put<SsoSettings>('/api/workspace/sso/', body)).data;
}

export async function removeSsoSettings(): Promise<void> {
  await api.delete('/api/workspace/sso/');
}

export async function testSsoIssuer(issuer: string): Promise<SsoTestResult> {
  return (await api.post<SsoTestResult>('/api/workspace/sso/test/', { issuer })).data;
}
