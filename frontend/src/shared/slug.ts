/** Title in lowercase, each run of whitespace or punctuation replaced by one hyphen (spec 02 §2). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A route id: digits only; anything else is a malformed link. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
