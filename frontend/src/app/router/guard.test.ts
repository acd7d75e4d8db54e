import { describe, expect, it } from 'vitest';
import type { StatusId } from '../../api/types';
import { decide, type GuardDecision, type GuardInput, type RouteArea } from './guard';

const base: GuardInput = {
  area: 'protected',
  path: '/office',
  hasToken: true,
  status: 'working',
  hasBetaAccess: false,
  betaParam: false,
};

const allow: GuardDecision = { kind: 'allow' };
const wait: GuardDecision = { kind: 'wait' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path, replace: true });

type Row = [RouteArea, string, boolean, StatusId | null, GuardDecision];

// area, path, hasToken, status, expected (no beta flag)
const table: Row[] = [
  // no token: protected goes home, public shows its content
  ['protected', '/office', false, null, to('/')],
  ['protected', '/start-work', false, null, to('/')],
  ['protected', '/today', false, 'working', to('/')],
  ['public', '/', false, null, allow],
  // token but status still loading: never redirect
  ['protected', '/office', true, null, wait],
  ['protected', '/start-work', true, null, wait],
  ['public', '/', true, null, wait],
  // working
  ['protected', '/office', true, 'working', allow],
  ['protected', '/today', true, 'working', allow],
  ['protected', '/l/3/backlog/9/fix-login/details', true, 'working', allow],
  ['protected', '/start-work', true, 'working', to('/office')],
  ['public', '/', true, 'working', to('/office')],
  // taking a break behaves like working
  ['protected', '/checkout', true, 'taking_break', allow],
  ['protected', '/start-work', true, 'taking_break', to('/office')],
  ['public', '/', true, 'taking_break', to('/office')],
  // out of office: only /start-work
  ['protected', '/start-work', true, 'out_of_office', allow],
  ['protected', '/office', true, 'out_of_office', to('/start-work')],
  ['protected', '/p/1/personal-tasks', true, 'out_of_office', to('/start-work')],
  ['public', '/', true, 'out_of_office', to('/start-work')],
];

describe('route guard decide()', () => {
  it.each(table)('%s %s token=%s status=%s', (area, path, hasToken, status, expected) => {
    expect(decide({ ...base, area, path, hasToken, status })).toEqual(expected);
  });

  describe('beta=on', () => {
    it('sends a user without beta access to /unauthorized', () => {
      expect(decide({ ...base, betaParam: true, hasBetaAccess: false })).toEqual(to('/unauthorized'));
      expect(decide({ ...base, area: 'public', path: '/', betaParam: true })).toEqual(to('/unauthorized'));
      expect(decide({ ...base, status: 'out_of_office', path: '/start-work', betaParam: true })).toEqual(
        to('/unauthorized'),
      );
    });

    it('allows a user with beta access and keeps the flag on redirects', () => {
      const beta = { ...base, betaParam: true, hasBetaAccess: true };
      expect(decide(beta)).toEqual(allow);
      expect(decide({ ...beta, path: '/start-work' })).toEqual(to('/office?beta=on'));
      expect(decide({ ...beta, status: 'out_of_office' })).toEqual(to('/start-work?beta=on'));
      expect(decide({ ...beta, area: 'public', path: '/' })).toEqual(to('/office?beta=on'));
    });

    it('drops the flag on redirects while under_development is off', () => {
      const beta = { ...base, betaParam: true, hasBetaAccess: true, underDevelopment: false };
      expect(decide({ ...beta, path: '/start-work' })).toEqual(to('/office'));
      expect(decide({ ...beta, status: 'out_of_office' })).toEqual(to('/start-work'));
    });

    it('does not judge beta access before the session is known', () => {
      expect(decide({ ...base, status: null, betaParam: true })).toEqual(wait);
      expect(decide({ ...base, hasToken: false, status: null, area: 'public', path: '/', betaParam: true })).toEqual(allow);
    });
  });
});
