import { api } from './client';
import type { AuthToken, AuthTokenRequest, Detail, UserDetails } from './types';

export async function obtainToken(body: AuthTokenRequest): Promise<AuthToken> {
  return (await api.post<AuthToken>('/api/accounts/token/', body)).data;
}

export async function fetchMe(): Promise<UserDetails> {
  return (await api.get<UserDetails>('/api/accounts/me/')).data;
}

export async function logout(): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/logout/')).data;
}

export async function logoutAll(): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/logout_all/')).data;
}
