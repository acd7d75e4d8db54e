import { describe, expect, it } from 'vitest';
import { searchMembers } from '../memberSearch';

const users = [
  { id: 1, display_name: 'Ada' },
  { id: 2, display_name: 'Ben' },
  { id: 3, display_name: 'Benedict' },
  { id: 4, display_name: 'Cy' },
];

describe('searchMembers (spec 02 §5)', () => {
  it('matches a case-insensitive part of the display name', () => {
    expect(searchMembers(users, 'BEN', []).map((u) => u.id)).toEqual([2, 3]);
    expect(searchMembers(users, 'edi', []).map((u) => u.id)).toEqual([3]);
  });
  it('leaves out members already added', () => {
    expect(searchMembers(users, 'ben', [2]).map((u) => u.id)).toEqual([3]);
    expect(searchMembers(users, '', [1, 2]).map((u) => u.id)).toEqual([3, 4]);
  });
  it('finds nobody for an unknown name', () => {
    expect(searchMembers(users, 'zed', [])).toEqual([]);
  });
});
