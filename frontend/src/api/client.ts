import type { AxiosInstance, AxiosResponse } from 'axios';
import { readStoredSession } from './storage';
import { earlyReadKey, takeEarlyRead } from './earlyReads';

// axios (about 14 KiB gzip) is not part of the first load: the instance lives in `http.ts`, a lazy
// chunk fetched by the first call (a stored session's first call starts it at once; the sign-in page
// fetches it when the form is sent). Every endpoint function goes through `api` below.
let instance: Promise<AxiosInstance> | null = null;
const http = () => (instance ??= import('./http').then((module) => module.http));

// A stored session makes its first calls at once: start fetching the chunk now rather than after
// the store and sagas have started.
if (readStoredSession().token) void http();

// A GET of a URL (and query) the page already asked for with the entry (earlyReads.ts) takes that
// answer; a call with any other option than `params` always goes through axios.
async function get(...args: Parameters<AxiosInstance['get']>): Promise<AxiosResponse> {
  const [url, config] = args;
  const plain = !config || Object.keys(config).every((key) => key === 'params');
  const early = plain ? await takeEarlyRead(earlyReadKey(url, config?.params as Record<string, unknown> | undefined)) : null;
  return early ?? (await http()).get(...args);
}

/** The one axios instance of the SPA (token header, CSRF header, cookies), loaded on first use. */
export const api = {
  get: get as AxiosInstance['get'],
  post: ((...args: Parameters<AxiosInstance['post']>) => http().then((h) => h.post(...args))) as AxiosInstance['post'],
  put: ((...args: Parameters<AxiosInstance['put']>) => http().then((h) => h.put(...args))) as AxiosInstance['put'],
  patch: ((...args: Parameters<AxiosInstance['patch']>) => http().then((h) => h.patch(...args))) as AxiosInstance['patch'],
  delete: ((...args: Parameters<AxiosInstance['delete']>) => http().then((h) => h.delete(...args))) as AxiosInstance['delete'],
};

/** An axios error as axios itself recognises one (`axios.isAxiosError`), without loading axios. */
interface HttpError {
  isAxiosError: true;
  message: string;
  response?: { status: number; data: unknown };
}

function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

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
  if (isHttpError(error)) {
    const status = error.response?.status ?? null;
    const { message, fieldErrors } = flatten(error.response?.data);
    return { status, message: message || error.message, fieldErrors };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}
