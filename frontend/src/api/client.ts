import axios, { AxiosError } from 'axios';
import { readStoredSession } from './storage';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The one axios instance of the SPA: token header, CSRF header, cookies. */
export const api = axios.create({ baseURL: '', withCredentials: true });

api.interceptors.request.use((config) => {
  const { token } = readStoredSession();
  if (token) config.headers.set('Authorization', `Token ${token}`);
  const csrf = readCookie('csrftoken');
  if (csrf) config.headers.set('X-CSRFToken', csrf);
  return config;
});

/** A failed call in the shape the error handler and the screens use. */
export interface ApiFailure {
  status: number | null;
  /** Field messages or `detail`, flattened into readable text. */
  message: string;
  fieldErrors: Record<string, string[]>;
}

function flatten(data: unknown): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  if (typeof data === 'string') return { message: data.slice(0, 500), fieldErrors };
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (Array.isArray(value)) fieldErrors[key] = value.map(String);
      else if (typeof value === 'string') fieldErrors[key] = [value];
    }
  }
  const message = Object.entries(fieldErrors)
    .map(([key, msgs]) => (key === 'detail' || key === 'non_field_errors' ? msgs.join(' ') : `${key}: ${msgs.join(' ')}`))
    .join(' ');
  return { message, fieldErrors };
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? null;
    const { message, fieldErrors } = flatten(error.response?.data);
    return { status, message: message || error.message, fieldErrors };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}
