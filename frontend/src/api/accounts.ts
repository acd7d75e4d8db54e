import { READS } from './earlyReads';
import { api } from './client';
import type {
  AuthTokenRequest,
  Detail,
  PasswordChangeRequest,
  ProfileUpdate,
  SignInAnswer,
  Teammate,
  TeammatePin,
  UserDetails,
} from './types';

/** The password step: the token, or (two-factor sign-in) a ticket for the second step. */
export async function obtainToken(body: AuthTokenRequest): Promise<SignInAnswer> {
  return (await api.post<SignInAnswer>('/api/accounts/token/', body)).data;
}

export async function fetchMe(): Promise<UserDetails> {
  return (await api.get<UserDetails>(READS.me)).data;
}

export async function logout(): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/logout/')).data;
}

/** Sets a new password (the current one required); the server signs out every other device. */
export async function changePassword(body: PasswordChangeRequest): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/me/password/', body)).data;
}

export async function logoutAll(): Promise<Detail> {
  return (await api.post<Detail>('/api/accounts/logout_all/')).data;
}

/** The profile fields to change; `avatar` is a new photo (File) or null to remove it. */
export interface ProfileChanges {
  fields: Partial<Record<'full_name' | 'display_name' | 'what_i_do' | 'timezone' | 'country' | 'city', string>> &
    Pick<ProfileUpdate, 'first_day_of_week' | 'clock_format' | 'duration_format'>;
  avatar?: File | null;
}

/** PATCH /api/accounts/me/ as multipart (spec 01 §7): only what changed travels. */
export async function updateProfile(changes: ProfileChanges): Promise<UserDetails> {
  const form = new FormData();
  const fields: ProfileUpdate = { ...changes.fields };
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
  }
  if (changes.avatar === null) form.append('remove_avatar' satisfies keyof ProfileUpdate, 'true');
  else if (changes.avatar) form.append('avatar' satisfies keyof ProfileUpdate, changes.avatar);
  return (await api.patch<UserDetails>('/api/accounts/me/', form)).data;
}

export async function fetchTeammates(): Promise<Teammate[]> {
  return (await api.get<Teammate[]>('/api/accounts/teammates/')).data;
}

export async function pinTeammate(userId: number): Promise<TeammatePin> {
  return (await api.post<TeammatePin>(`/api/accounts/teammates/${userId}/pin/`)).data;
}

export async function unpinTeammate(userId: number): Promise<void> {
  await api.delete(`/api/accounts/teammates/${userId}/pin/`);
}
