import type { SearchHit } from '../../api/types';
import { build } from '../../shared/routes';

/**
 * Something the palette can do (issue 31): app/ hands the list in (it knows the status, the tracker
 * and the routes; features do not import each other). `keys` is the shortcut, shown beside it.
 */
export interface PaletteCommand {
  id: string;
  label: string;
  group: 'Actions' | 'Go to';
  /** Other words it is found by ('pause' for a break). */
  keywords?: string;
  /** The shortcut, as keys pressed one after another ('g', 'c'); shown in the palette and the '?' sheet. */
  keys?: readonly string[];
  run: () => void;
}

/** One row of the palette: a command, or a thing the server found. */
export type PaletteItem =
  | { key: string; type: 'command'; command: PaletteCommand }
  | { key: string; type: 'hit'; hit: SearchHit };

/**
 * How well `text` matches `query` (lower is better), or null: the text starts with it (0), a word
 * starts with it (1), holds it (2), holds its letters in order (3). Case and accents do not matter.
 */
export function matchRank(text: string, query: string): number | null {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const haystack = fold(text);
  const needle = fold(query.trim());
  if (!needle) return 0;
  if (haystack.startsWith(needle)) return 0;
  if (haystack.includes(` ${needle}`)) return 1;
  if (haystack.includes(needle)) return 2;
  let at = 0;
  for (const letter of needle.replace(/\s+/g, '')) {
    at = haystack.indexOf(letter, at);
    if (at < 0) return null;
    at += 1;
  }
  return 3;
}

/** The commands that match, best first (then in their given order). */
export function matchCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  return commands
    .map((command, index) => {
      const ranks = [matchRank(command.label, query), command.keywords ? matchRank(command.keywords, query) : null]
        .filter((rank): rank is number => rank !== null);
      return { command, index, rank: ranks.length ? Math.min(...ranks) : null };
    })
    .filter((row): row is { command: PaletteCommand; index: number; rank: number } => row.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((row) => row.command);
}

/** Where a found thing opens: a project, a list, a task's details, a person's checkout. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'project':
      return build.project(hit.id, hit.title);
    case 'task_list':
      return build.list(hit.id, hit.title);
    case 'task':
      return hit.task_list !== null && hit.task_list_title !== null
        ? build.listTask(hit.task_list, hit.task_list_title, hit.id, hit.title, 'details')
        : build.task(hit.id, hit.title, 'details');
    case 'person':
      return `/checkout?user=${hit.id}`;
  }
}

export const KIND_LABEL: Record<SearchHit['kind'], string> = {
  project: 'Project',
  task_list: 'List',
  task: 'Task',
  person: 'Person',
};

// Recent: what the person ran or opened from the palette, newest first, kept in this browser.
const RECENT_KEY = 'palette.recent';
export const RECENT_LIMIT = 6;

export type RecentEntry = { type: 'command'; id: string } | { type: 'hit'; hit: SearchHit };

const entryKey = (entry: RecentEntry) => (entry.type === 'command' ? `command:${entry.id}` : `${entry.hit.kind}:${entry.hit.id}`);

export function readRecent(): RecentEntry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as RecentEntry[]).filter((entry) => entry && (entry.type === 'command' || entry.type === 'hit')) : [];
  } catch {
    return [];
  }
}

export function remember(entry: RecentEntry): void {
  const rest = readRecent().filter((old) => entryKey(old) !== entryKey(entry));
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify([entry, ...rest].slice(0, RECENT_LIMIT)));
  } catch {
    // A full or blocked storage only loses the recent list.
  }
}

/**
 * The rows to show: with no query, the recent ones first (commands still offered, things as they
 * were found), then every command; with a query, the matching commands, then what the server found.
 */
export function paletteItems(commands: readonly PaletteCommand[], query: string, hits: readonly SearchHit[], recent: readonly RecentEntry[]): PaletteItem[] {
  const byId = new Map(commands.map((command) => [command.id, command]));
  if (!query.trim()) {
    const recentItems: PaletteItem[] = [];
    for (const entry of recent) {
      if (entry.type === 'command') {
        const command = byId.get(entry.id);
        if (command) recentItems.push({ key: `recent:command:${command.id}`, type: 'command', command });
      } else recentItems.push({ key: `recent:${entry.hit.kind}:${entry.hit.id}`, type: 'hit', hit: entry.hit });
    }
    const shown = new Set(recent.filter((entry) => entry.type === 'command').map((entry) => entry.type === 'command' && entry.id));
    return [
      ...recentItems,
      ...commands.filter((command) => !shown.has(command.id)).map((command): PaletteItem => ({ key: `command:${command.id}`, type: 'command', command })),
    ];
  }
  return [
    ...matchCommands(commands, query).map((command): PaletteItem => ({ key: `command:${command.id}`, type: 'command', command })),
    ...hits.map((hit): PaletteItem => ({ key: `${hit.kind}:${hit.id}`, type: 'hit', hit })),
  ];
}

/**
 * What keys pressed one after another mean: a command whose shortcut they are ('ran'), the start
 * of one ('prefix': wait for the next key), or nothing.
 */
export function matchShortcut(commands: readonly PaletteCommand[], pressed: readonly string[]): { kind: 'ran'; command: PaletteCommand } | { kind: 'prefix' } | { kind: 'none' } {
  const same = (keys: readonly string[]) => keys.length === pressed.length && keys.every((key, index) => key === pressed[index]);
  const command = commands.find((candidate) => candidate.keys && same(candidate.keys));
  if (command) return { kind: 'ran', command };
  const starts = commands.some((candidate) => candidate.keys && candidate.keys.length > pressed.length && pressed.every((key, index) => candidate.keys?.[index] === key));
  return starts ? { kind: 'prefix' } : { kind: 'none' };
}
