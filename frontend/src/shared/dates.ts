const two = (value: number) => String(value).padStart(2, '0');

// No imports: the saga workers use it, and they must not pull React into the first load.
/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}-${two(next.getUTCDate())}`;
}

