import axios from 'axios';
import { readStoredSession } from './storage';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The one axios instance of the SPA: token header, CSRF header, cookies. Loaded through `client.ts`. */
export const http = axios.create({ baseURL: '', withCredentials: true });

http.interceptors.request.use((config) => {
  const { token } = readStoredSession();
  if (token) config.headers.set('Authorization', `Token ${token}`);
  const csrf = readCookie('csrftoken');
  if (csrf) config.headers.set('X-CSRFToken', csrf);
  return config;
});
