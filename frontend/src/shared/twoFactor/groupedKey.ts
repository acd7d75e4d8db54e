/** The key in groups of four, as authenticator apps show it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
