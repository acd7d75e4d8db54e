// Local storage keys fixed by the spec (01 §9).
export const TOKEN_KEY = 'token';
export const EMAIL_KEY = 'email';

export function readStoredSession(): { token: string | null; email: string | null } {
  return { token: localStorage.getItem(TOKEN_KEY), email: localStorage.getItem(EMAIL_KEY) };
}

export function storeSession(token: string, email: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(EMAIL_KEY, email);
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(EMAIL_KEY);
}
