import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '../../../api/types';
import { hitPath, matchCommands, matchRank, matchShortcut, paletteItems, readRecent, remember, RECENT_LIMIT, type PaletteCommand } from '../rules';

const command = (id: string, label: string, extra: Partial<PaletteCommand> = {}): PaletteCommand => ({ id, label, group: 'Actions', run: vi.fn(), ...extra });
const hit = (kind: SearchHit['kind'], id: number, title: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  kind, id, title, archived: false, project: null, project_title: null, task_list: null, task_list_title: null, color: null, avatar: null, ...extra,
});

const commands = [
  command('break', 'Take a break', { keywords: 'on a break pause', keys: ['b'] }),
  command('go-checkout', 'Checkout', { group: 'Go to', keys: ['g', 'c'] }),
  command('go-calendar', 'Calendar', { group: 'Go to', keys: ['g', 'a'] }),
  command('profile', 'Edit profile', { keys: ['g', 'p'] }),
];

beforeEach(() => localStorage.clear());

describe('matching what is typed', () => {
  it.each([
    ['Take a break', 'take', 0],
    ['Take a break', 'TAKE A', 0],
    ['Take a break', 'brea', 1],
    ['Checkout', 'heck', 2],
    ['Checkout', 'chkt', 3],
    ['Café Zürich', 'cafe zu', 0],
    ['Checkout', 'xyz', null],
    ['Checkout', 'tuokcehc', null],
  ])('%s for %s ranks %s', (text, query, rank) => {
    expect(matchRank(text, query)).toBe(rank);
  });

  it('finds commands by their label or their other words, best first', () => {
    expect(matchCommands(commands, 'pause').map((c) => c.id)).toEqual(['break']);
    expect(matchCommands(commands, 'c').map((c) => c.id)).toEqual(['go-checkout', 'go-calendar']);
    expect(matchCommands(commands, 'e').map((c) => c.id)).toEqual(['profile', 'break', 'go-checkout', 'go-calendar']);
    expect(matchCommands(commands, 'zzz')).toEqual([]);
  });
});

describe('shortcuts', () => {
  it('runs a whole shortcut, waits after its first key, ignores other keys', () => {
    expect(matchShortcut(commands, ['b'])).toEqual({ kind: 'ran', command: commands[0] });
    expect(matchShortcut(commands, ['g'])).toEqual({ kind: 'prefix' });
    expect(matchShortcut(commands, ['g', 'c'])).toEqual({ kind: 'ran', command: commands[1] });
    expect(matchShortcut(commands, ['g', 'z'])).toEqual({ kind: 'none' });
    expect(matchShortcut(commands, ['q'])).toEqual({ kind: 'none' });
  });
});

describe('where a found thing opens', () => {
  it('opens projects, lists, tasks on their details tab and people on their checkout', () => {
    expect(hitPath(hit('project', 4, 'Website'))).toBe('/p/4/website');
    expect(hitPath(hit('task_list', 9, 'Sprint 12'))).toBe('/l/9/sprint-12');
    expect(hitPath(hit('task', 7, 'Draw the home page', { task_list: 9, task_list_title: 'Sprint 12' }))).toBe('/l/9/sprint-12/7/draw-the-home-page/details');
    expect(hitPath(hit('person', 3, 'Ben'))).toBe('/checkout?user=3');
  });
});

describe('the rows', () => {
  it('puts what was used recently first when nothing is typed, and keeps each command once', () => {
    remember({ type: 'command', id: 'go-calendar' });
    remember({ type: 'hit', hit: hit('task', 7, 'Draw the home page') });
    const rows = paletteItems(commands, '', [], readRecent());
    expect(rows.map((row) => row.key)).toEqual(['recent:task:7', 'recent:command:go-calendar', 'command:break', 'command:go-checkout', 'command:profile']);
  });

  it('keeps at most a few recent entries, newest first, without repeats', () => {
    for (let id = 1; id <= RECENT_LIMIT + 3; id += 1) remember({ type: 'hit', hit: hit('task', id, `Task ${id}`) });
    remember({ type: 'hit', hit: hit('task', 5, 'Task 5') });
    const recent = readRecent();
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent.map((entry) => entry.type === 'hit' && entry.hit.id)).toEqual([5, 9, 8, 7, 6, 4]);
  });

  it('shows the matching commands, then what the server found, when something is typed', () => {
    const found = [hit('project', 4, 'Checkout redesign'), hit('person', 3, 'Chen')];
    expect(paletteItems(commands, 'che', found, []).map((row) => row.key)).toEqual(['command:go-checkout', 'project:4', 'person:3']);
  });

  it('survives a damaged recent list', () => {
    localStorage.setItem('palette.recent', '{not json');
    expect(readRecent()).toEqual([]);
  });
});
