import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../api/types';
import { notificationTarget } from '../target';

const item = (kind: Notification['kind'], extra: Partial<Notification> = {}) =>
  ({ id: 1, datetime: '', kind, text: '', unread: true, actor: null, project: null, list: null, task: null, ...extra }) as Notification;

describe('a notification opens what it is about', () => {
  it('an activity opens its task on the Activity tab', () => {
    expect(notificationTarget(item('activity_submitted', { task: { id: 7, title: 'Home page hero' } }))).toBe('/t/7/home-page-hero/activity');
    expect(notificationTarget(item('activity_confirmed', { task: { id: 7, title: 'Home page hero' } }))).toBe('/t/7/home-page-hero/activity');
  });

  it('being added opens the list or the project; a removal opens nothing', () => {
    expect(notificationTarget(item('added_to_list', { list: { id: 3, title: 'Backlog' } }))).toBe('/l/3/backlog');
    expect(notificationTarget(item('added_to_project', { project: { id: 2, title: 'Website' } }))).toBe('/p/2/website');
    expect(notificationTarget(item('removed_from_project', { project: { id: 2, title: 'Website' } }))).toBeNull();
  });

  it('time off requested or decided opens the office, where the Time off drawer is', () => {
    expect(notificationTarget(item('time_off_requested'))).toBe('/office');
    expect(notificationTarget(item('time_off_decided'))).toBe('/office');
  });
});
