import { describe, expect, it } from 'vitest';
import { build, hasBetaParam, slugify, withBeta, withoutBeta } from '../routes';

describe('routes', () => {
  it('slugifies titles', () => {
    expect(slugify('Personal Tasks')).toBe('personal-tasks');
    expect(slugify('  Q3: Launch, again!  ')).toBe('q3-launch-again');
  });

  it('builds task paths', () => {
    expect(build.listTask(4, 'Sprint 1', 9, 'Fix login', 'details')).toBe('/l/4/sprint-1/9/fix-login/details');
    expect(build.task(9, 'Fix login', 'activity', 'today')).toBe('/t/9/fix-login/activity?p=today');
  });

  it('keeps and removes the beta flag', () => {
    expect(hasBetaParam('?beta=on')).toBe(true);
    expect(hasBetaParam('?beta=off')).toBe(false);
    expect(withBeta('/today', true)).toBe('/today?beta=on');
    expect(withBeta('/t/1/a/details?p=today', true)).toBe('/t/1/a/details?p=today&beta=on');
    expect(withBeta('/today', false)).toBe('/today');
    expect(withoutBeta('/today', '?beta=on&p=x')).toBe('/today?p=x');
    expect(withoutBeta('/today', '?beta=on')).toBe('/today');
  });
});
